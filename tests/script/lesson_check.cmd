# Every built-in lesson answers its own exercises (--check): a lesson is tested like code.
# host check reads a saved machine, so the scaling lesson's live step is the same everywhere.
r=$(pwd)/machines/fc-2cpu-6.18
# every lesson the list names, found by name: a new lesson is checked without a line here
for l in $($BL --lesson | cut -d' ' -f1); do
	BATCHLAB_SYSROOT=$r $BL --lesson $l --check > $HOME/$l.out 2>&1
	echo "$l: status $?: $(tail -1 $HOME/$l.out)"
	# every exercise was judged right, none skipped; each design's example was tried on its check and failed
	echo "  asked $(grep -c '^? ' $HOME/$l.out), right $(grep -c '^  right\.$' $HOME/$l.out)," \
		"examples failing their check $(grep -c "^  the example '.*' fails the check:" $HOME/$l.out)"
done
# the list names each, with its counts: the five built in first, found by name among any others
$BL --lesson | sed 's/ .*(/ (/' | grep -E '^(committed_as|memcg_charge|proactive_reclaim|scaling|vmpressure) '
# Each lesson holds on every built-in machine: it sets the one it needs (reset, and says so).
# The lessons and presets are those batchlab lists, not a list kept here.
runs=0 failed=0
presets=$($BL -c 'preset list' | awk '{print $1}')
# under valgrind (BL_WRAP) three machines are enough for memory errors, and keep make check's time: the
# plain and ASan passes run every lesson on every preset
[ -n "${BL_WRAP:-}" ] && presets=$(printf '%s\n' $presets | head -3)
for p in $presets; do
	for l in $($BL --lesson | awk '{print $1}'); do
		runs=$((runs + 1))
		BATCHLAB_SYSROOT=$r $BL -p $p --lesson $l --check > $HOME/run.out 2>&1 || {
			failed=$((failed + 1)); echo "FAILED: -p $p --lesson $l: $(grep batchlab: $HOME/run.out)"; }
	done
done
[ $runs -ge 20 ] && echo "lesson x preset runs: $failed failed"
# and after the student set a machine of their own at the prompt
printf '' | BATCHLAB_SYSROOT=$r $BL -c 'set cpus 17 pagesize 64K sockets 8; lesson vmpressure' > $HOME/set.out 2>&1
grep -o "back to its default ([^)]*)" $HOME/set.out
