# Issue 21.3: a variant reading sockets (auto: 1 on one CPU, 2 above) follows each row of a sweep over cpus,
# as `set cpus N; get` gives it - in a sweep, a plot's samples and a stepped where
$BL -c 'variant memcg_charge s = sockets * 32; sweep cpus 1 4 memcg_charge.batch.s'
for n in 1 2 4; do $BL -c "variant memcg_charge s = sockets * 32; set cpus $n; get memcg_charge.batch.s"; done
$BL -c 'variant memcg_charge s = sockets * 32; where memcg_charge.batch.s > 32 over cpus 1 4 step 1'
$BL --format csv -c 'variant memcg_charge s = sockets * 32; plot memcg_charge.batch.s over cpus 1 4'
# committed_as's throughput over cpus from a one-CPU machine: the lock costs two sockets' worth from 2 CPUs on
$BL -c 'set cpus 1; variant committed_as small = 32; sweep cpus 1 2 committed_as.throughput.small'
$BL -c 'set cpus 2; variant committed_as small = 32; get committed_as.throughput.small'
# Issue 21.10: rows for machines `set` refuses (sockets beyond cpus) are n/a, and the table says why, as set does
$BL -c 'set cpus 2; sweep sockets 1 4 committed_as.throughput'
$BL -c 'set cpus 2; set sockets 3'
$BL -c 'set sockets 4; sweep cpus 1 8 x 2 memcg_charge.batch'
$BL --format csv -c 'set cpus 2; sweep sockets 1 4 committed_as.throughput.after'
# Issue 21.13: a variant n/a everywhere is said so by where, with the reason - not a monotonicity warning
$BL -c 'variant memcg_charge z = 0; where memcg_charge.batch.z > 5 over cpus 1 64'
$BL -c 'set cpus 2; where committed_as.throughput.after > 2000000 over sockets 3 4 step 1'
$BL -c 'set cpus 2; where committed_as.throughput.after > 2000000 over sockets 3 4'
