# Issue 34, item 8: a test's wall-clock limit is a hang guard, never the pass mark. $GUARD (guard.sh)
# scales its seconds by BL_GUARD_SCALE (tests/guard_scale.sh: x10 under valgrind, x3 with ASan, times
# 1 + load / CPUs) and, when it does end a command, says which on stderr; no test calls timeout as a
# guard by itself.
BL_GUARD_SCALE=4 $GUARD 1 sleep 2; echo "a 2 s command under a 1 s guard at scale 4: status $?"
BL_GUARD_SCALE=1 $GUARD 1 sleep 5 2>"$HOME/said"; echo "a 5 s command under a 1 s guard at scale 1: status $?"
sed 's/: sleep 5$/: COMMAND/' "$HOME/said"
# the scale: 1 idle, x10 under valgrind, x3 with ASan, and at a load of 7 per CPU x8 more
scale() { env -u BL_GUARD_SCALE "$@" sh -c '. ../guard_scale.sh; echo $BL_GUARD_SCALE'; }
echo "idle $(scale BL_LOAD=0 BL_WRAP= BL=./batchlab), valgrind $(scale BL_LOAD=0 BL_WRAP=valgrind BL=./batchlab)," \
	"asan $(scale BL_LOAD=0 BL_WRAP= BL=./batchlab-asan)," \
	"load 7 a CPU $(scale BL_LOAD=$((7 * $(nproc))) BL_WRAP= BL=./batchlab)," \
	"valgrind at load 7 a CPU $(scale BL_LOAD=$((7 * $(nproc))) BL_WRAP=valgrind BL=./batchlab)"
# every timeout in a script test is a guard through $GUARD, or marked as the wait it bounds on purpose
grep -n '^[^#]*\btimeout [0-9]' *.cmd | grep -v '# expected: 124' || echo "no bare timeout"
