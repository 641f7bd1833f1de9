# host on a saved machine: BATCHLAB_SYSROOT stands in for / (the page size is this machine's)
r=$HOME/root-$$; mkdir -p $r/proc/sys/vm $r/proc/sys/kernel $r/sys/devices/system/cpu
echo 0-7,16-23 > $r/sys/devices/system/cpu/present
printf 'MemTotal:       16315912 kB\nMemFree:        10000000 kB\n' > $r/proc/meminfo
echo 2 > $r/proc/sys/vm/overcommit_memory
echo 6.8.0-49-generic > $r/proc/sys/kernel/osrelease # uname -r: the kernel side follows 6.8
BATCHLAB_SYSROOT=$r $BL -c 'host; get cpus ram overcommit kernel' | grep -v '^pagesize\|^totalram'
pages=$(( 16315912 / ($(getconf PAGESIZE) / 1024) ))
[ "$(BATCHLAB_SYSROOT=$r $BL -c 'host; get totalram' | tail -1)" = "$pages" ] && echo "totalram = MemTotal / page size"
