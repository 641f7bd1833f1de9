# The kernel side: each metric as the code of the release `kernel` names computes it.
# Expected values are worked out here from each release's code, not copied from batchlab.
# MEMCG_CHARGE_BATCH: 32U in 6.0.1's include/linux/memcontrol.h, 64U in 6.1's.
. "$(dirname "$0")/names.sh" # the patch, preset and release lists by name (issue 37)
[ "$($BL -c 'set kernel 6.0; get memcg_charge.batch.kernel')" = 32 ] && echo "6.0: batch 32"
[ "$($BL -c 'set kernel 6.1; get memcg_charge.batch.kernel')" = 64 ] && echo "6.1: batch 64"
# before and after keep the patch's meaning, and `get PATCH.METRIC` its two columns
$BL -c 'set kernel 6.0; get memcg_charge.batch'
# memory.reclaim for 1G (262144 pages): 6.5 asks for it all, 6.6 for 32, 6.9 for a quarter
for k in 6.5 6.6 6.9; do printf '%s: ' $k; $BL -c "set kernel $k reclaim 1G; get proactive_reclaim.first_ask.kernel"; done
# mm_compute_batch(): 5.8 totalram / nr / 256, 5.9 totalram / nr / 4 (guess), floored at max(2 nr, 32)
for p in "" "-p mmap-server-144t"; do
	set -- $($BL $p -c 'get totalram cpus')
	t=$1 n=$2 fl=$(( 2 * $2 > 32 ? 2 * $2 : 32 ))
	b8=$(( t / n / 256 > fl ? t / n / 256 : fl )) b9=$(( t / n / 4 > fl ? t / n / 4 : fl ))
	[ "$($BL $p -c 'set kernel 5.8; get committed_as.batch.kernel')" = $b8 ] && echo "5.8 ${p:-default}: $b8"
	[ "$($BL $p -c 'set kernel 5.9; get committed_as.batch.kernel')" = $b9 ] && echo "5.9 ${p:-default}: $b9"
done
# the machine-wide stock bound: 7 memcgs per CPU from 6.16; one memcg's bound unchanged
set -- $($BL -c 'set kernel 6.15; get memcg_charge.stock_machine_max_bytes.kernel memcg_charge.stock_max_bytes.kernel')
a=$1 pa=$2
set -- $($BL -c 'set kernel 6.16; get memcg_charge.stock_machine_max_bytes.kernel memcg_charge.stock_max_bytes.kernel')
[ $1 = $((7 * a)) ] && [ $2 = $pa ] && echo "6.16: machine-wide x7, per memcg the same"
# before vm_committed_as_batch (3.11), 3.10.65's vm_acct_memory() adds with percpu_counter_batch = max(32, 2 * cpus)
[ "$($BL -c 'set kernel 3.10 cpus 8; get committed_as.batch.kernel')" = 32 ] && echo "3.10, 8 CPUs: 32"
[ "$($BL -c 'set kernel 3.10 cpus 64; get committed_as.batch.kernel')" = 128 ] && echo "3.10, 64 CPUs: 128"
# before memory.reclaim existed (5.19): n/a with the reason
$BL -c 'set kernel 5.18; get proactive_reclaim.first_ask.kernel'
# the CONFIG_NUMA=n stub warning of 6.17 and 6.18, none on 6.18.8 (the default) or a newer release
$BL -c 'set kernel 6.17; explain proactive_reclaim.calls.kernel' | grep -c 'stub returning 0'
$BL -c 'set kernel 6.18; explain proactive_reclaim.calls.kernel' | grep -c 'stub returning 0'
$BL -c 'explain proactive_reclaim.calls.kernel' | grep -c 'stub returning 0' || :
$BL -c 'set kernel 7.0.1; explain proactive_reclaim.calls.kernel' | grep -c 'stub returning 0' || :
$BL -c 'set kernel 6.9; explain proactive_reclaim.calls.kernel' | grep -c 'memory_reclaim(), mm/memcontrol.c'
# the releases in order, and the first where
$BL --format csv -c 'sweep kernel 5.15 6.9 memcg_charge.batch proactive_reclaim.first_ask'
$BL -c 'where proactive_reclaim.first_ask < 1000 over kernel 5.19 6.18'
$BL --format json -c 'where memcg_charge.batch >= 64 over kernel 3.10 6.18'
# host: uname -r strings to releases (a saved /proc stands in)
r=$HOME/root-$$; mkdir -p $r/proc/sys/kernel
for u in 6.8.0-49-generic 6.1.0-28-amd64 5.15.167 6.1.119 6.1.103 6.17-rc3 7.0.1 6.18.44-foo v6.1; do
	echo $u > $r/proc/sys/kernel/osrelease
	BATCHLAB_SYSROOT=$r $BL -c 'set kernel host; get kernel'
done
# set kernel reads each the same way, and says which state it runs
for u in 6.1.119 6.1.0 v6.1 6.17-rc3 6.10 6.18 7.0.1 6.18.44-foo; do $BL -c "set kernel $u; get kernel"; done
# no such release: the known ones named; state unchanged
$BL -c 'set kernel 5.20' 2>&1; echo "status $?"
$BL -c 'set kernel 2.6.32' 2>&1; echo "status $?"
# compare kernel: the session's machine under each release, its kernel side (6.0: 32U, 6.1: 64U)
$BL -c 'compare kernel 6.0 6.1' | awk '/^  batch / { print $1, $2, $4, $6 }' | head -1
$BL --format csv -c 'compare kernel 6.5 6.9' | grep ',proactive_reclaim,first_ask,'
$BL -c 'compare kernel 6.0 4.21' 2>&1; echo "status $?"
# show carries the 6.17 CONFIG_NUMA=n warning under the table; 6.9 has none
$BL -c 'set kernel 6.17; show proactive_reclaim' | grep -c 'CONFIG_NUMA=n'
$BL -c 'set kernel 6.9; show proactive_reclaim' | grep -c 'CONFIG_NUMA' || :
