# Issue 11: impossible machines are refused with one line (state unchanged); auto values follow the
# machine (sockets auto is 1 on one CPU); threads beyond cpus are capped, and explain says so.
$BL -c 'set totalram 100000000p'; echo "exit $?"
$BL -c 'set ram 1T totalram 100000000p; get totalram'; echo "exit $?"
$BL -c 'set zone 100000000p'; echo "exit $?"
$BL -c 'set sockets 4 cpus 2'; echo "exit $?"
$BL -c 'set cpus 1; get sockets; set cpus 8 sockets 4; get sockets'; echo "exit $?"
$BL -c 'set sockets 4; set cpus 2; get cpus'; echo "exit $?"
$BL -c 'set cpus 64 threads 128; get committed_as.throughput; set threads 64; get committed_as.throughput'
$BL -c 'set cpus 64 threads 128; explain committed_as.throughput.after' | grep -E 'effective|N ='
