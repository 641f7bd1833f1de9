# no zoneinfo, or one that is not: an error naming the file, status 1
r=$HOME/root-$$; mkdir -p $r/proc $r/sys/devices/system/cpu; echo 0-1 > $r/sys/devices/system/cpu/online
BATCHLAB_SYSROOT=$r $BL -c 'host check'; echo "status $?"
printf 'Node 0, zone DMA\n        managed  lots\n' > $r/proc/zoneinfo
BATCHLAB_SYSROOT=$r $BL -c 'host check'; echo "status $?"
BATCHLAB_SYSROOT=$r $BL -c 'host frob'; echo "status $?"
# a FIFO where /proc/zoneinfo should be: "not a regular file", no hang (the hang guard, guard.sh, would end one: 124)
rm -f $r/proc/zoneinfo; mkfifo $r/proc/zoneinfo
BATCHLAB_SYSROOT=$r $GUARD 5 $BL -c 'host check'; echo "status $?"
