# unreadable files are named and the rest kept: no overcommit file, a corrupt CPU list
r=$HOME/root-$$; mkdir -p $r/proc $r/sys/devices/system/cpu
echo 'zero-three' > $r/sys/devices/system/cpu/present
printf 'MemTotal:       4030464 kB\n' > $r/proc/meminfo
BATCHLAB_SYSROOT=$r $BL -c 'set overcommit never; host; get ram overcommit' | grep -v '^pagesize\|^totalram\|^cpus'
echo "status $?"
