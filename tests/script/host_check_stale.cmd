# a kernel threshold set before the zone grew: MISMATCH and exit status 1
[ "$(getconf PAGESIZE)" = 4096 ] || { cat host_check_stale.out; cat host_check_stale.err >&2; exit 1; }
r=$HOME/root-$$; mkdir -p $r/proc $r/sys/devices/system/cpu
cp ../data/zoneinfo-stale-threshold $r/proc/zoneinfo
echo 0-1 > $r/sys/devices/system/cpu/online
BATCHLAB_SYSROOT=$r $BL -c 'host check' > $r/out; rc=$?
grep -v '^note\|^  [a-z]' $r/out; exit $rc
