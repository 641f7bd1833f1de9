# Every built-in lesson answers its own exercises (--check): a lesson is tested like code.
# host check reads a saved machine, so the scaling lesson's live step is the same everywhere.
r=$HOME/root; mkdir -p $r/proc $r/sys/devices/system/cpu
cp ../data/zoneinfo-fc-2cpu-6.18 $r/proc/zoneinfo; echo 0-1 > $r/sys/devices/system/cpu/online
for l in scaling memcg_charge proactive_reclaim committed_as vmpressure; do
	BATCHLAB_SYSROOT=$r $BL --lesson $l --check > $HOME/$l.out 2>&1
	echo "$l: status $?: $(tail -1 $HOME/$l.out)"
	# every exercise was judged right, none skipped
	echo "  asked $(grep -c '^? ' $HOME/$l.out), right $(grep -c '^  right\.$' $HOME/$l.out)"
done
# the list names each, with its counts: the five built in first, found by name among any others
$BL --lesson | sed 's/ .*(/ (/' | grep -E '^(committed_as|memcg_charge|proactive_reclaim|scaling|vmpressure) '
