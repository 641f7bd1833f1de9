# Diffs made variants: MEMCG_CHARGE_BATCH 128U beside 32 and 64; mm_compute_batch()'s /16 on vm-4g is
# 1032192 / 4 / 16 = 16128; a diff of nothing batchlab models maps nothing, lists each change and exits 1.
D=../data
$BL -c "patch from $D/memcg_batch128.diff; get memcg_charge.batch"
$BL -p vm-4g -c "variant from $D/committed_lift16.diff lift16; get committed_as.batch"
$BL -c "patch from $D/nothing_known.diff; variant list"; echo "exit $?"
$BL -c "patch from $D/reclaim_quarter.diff; patch from $D/reclaim_quarter.diff; variant list"
$BL -c "patch from ../data/README"; echo "exit $?"
# a loaded patch file's constant: max(256, 2 * 64) = 256, max(256, 2 * 1000) = 2000; without the file, only listed
$BL -P ../../patches/percpu_batch256.mmpatch -c "patch from $D/percpu_floor256.diff; get percpu_batch256.batch; set cpus 1000; get percpu_batch256.batch"
$BL -c "patch from $D/percpu_floor256.diff"; echo "exit $?"
$BL --format csv -c "patch from $D/nothing_known.diff"; echo "exit $?"
# 12a686c2e761 (trimmed): every hunk that touches the file's constant or its other names (aka), with what it
# does - it makes the constant tunable and maps no value, so exit 1; without the file, the hunks batchlab reads
$BL -P ../../patches/mem_pcpu_rsv.mmpatch -c "patch from $D/mem_pcpu_rsv.diff"; echo "exit $?"
$BL -c "patch from $D/mem_pcpu_rsv.diff"; echo "exit $?"
# a name removed in one file and declared in another has moved: both lines say where
$BL -P ../../patches/mem_pcpu_rsv.mmpatch -c "patch from $D/mem_pcpu_rsv_move.diff"; echo "exit $?"
