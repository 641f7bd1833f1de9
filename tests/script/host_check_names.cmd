# Issue 11: a zone name read from a file is escaped on the terminal and quoted in csv and json;
# zoneinfo that is read but not valid fails before a line of the table is printed.
[ "$(getconf PAGESIZE)" = 4096 ] || { cat host_check_names.out; cat host_check_names.err >&2; exit 0; }
r=$HOME/names-$$; mkdir -p $r/proc $r/sys/devices/system/cpu; echo 0-1 > $r/sys/devices/system/cpu/online
sed 's/zone   Normal/zone   No"r,m\xc2\x9b/' ../data/zoneinfo-fc-2cpu-6.18 > $r/proc/zoneinfo
for f in table csv json; do BATCHLAB_SYSROOT=$r $BL --format $f -c 'host check' | grep 'No'; echo "status $?"; done
printf 'Node 0, zone DMA\n  pages free 5\n        managed  0\n' > $r/proc/zoneinfo
BATCHLAB_SYSROOT=$r $BL -c 'host check'; echo "status $?"
