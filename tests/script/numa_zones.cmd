# Issue 36: nodes and zones, and the two patches on them, in every mode of output.
# Expected figures are worked out here from the kernel's arithmetic, not copied from batchlab.
# Feng Tang's CPU-less PMEM zone (preset pmem-96t): low = 4573 + max(4573 / 4, 65011712 * 10 / 10000)
low=$((4573 + 65011712 / 10000 * 10 + 65011712 % 10000 * 10 / 10000))
[ "$($BL -p pmem-96t -c 'get pcp.low.after')" = $low ] && echo "pmem-96t: low $low"
# merged: the low watermark over all 96 online CPUs; v2: over max(1, 0) = 1
[ "$($BL -p pmem-96t -c 'get pcp.high')" = "378 $((low / 96)) $low" ] && echo "pmem-96t: high 378 $((low / 96)) $low"
[ "$($BL -p pmem-96t -c 'get pcp.batch.after pcp.threshold')" = "63
125" ] && echo "pmem-96t: batch 63, threshold 125"
# the changelog's 140G machine: after, 0.1% of 36700160 pages; before, khugepaged's 3 * 11 * 512 pages / 4
[ "$($BL -p wmark-140g -c 'get watermark.gap')" = "$((3 * 11 * 512 / 4)) $((36700160 / 1000))" ] && echo "wmark-140g: gap 4224 36700"
# thp off: int_sqrt(36700160 * 4 * 16) = 48464 KiB, a quarter of it in pages
[ "$($BL -p wmark-140g -c 'set thp off; get watermark.gap.before')" = $((48464 / 4 / 4)) ] && echo "wmark-140g thp off: gap 3029"
# where the scale factor binds: near 1 GiB with the sqrt default, past 16 GiB with khugepaged's raise
$BL -c 'set thp off; where watermark.binds.after > 1 over ram 128M 64T x 2'
$BL -c 'set thp on; where watermark.binds.after > 1 over ram 128M 64T x 2'
# a sweep, csv: the kernel side through the releases of pcp->high and its trigger
$BL -p pmem-96t --format csv -c 'sweep kernel 5.13 6.17 pcp.high pcp.high_max pcp.free_high_trigger'
# json, a plot's points and history as records
$BL -p pmem-96t --format json -c 'get pcp.high.v2 watermark.low.after' | grep -E '"name"'
$BL --format csv -c 'plot watermark.gap over ram 1G 16G x 2' | head -4
$BL --format csv -c 'history watermark' | cut -d, -f1-4 | head -8
# a variant of each constant, and its explain
$BL -p pmem-96t -c 'variant pcp all = max(low / cpus, 4 * batch); get pcp.high.all'
$BL -c 'variant watermark wide = max(min / 4, managed / 500); get watermark.gap.wide zone'
# node_cpus: 0 is a value and auto follows cpus / nodes; bad input says where and what
$BL -c 'set cpus 96 nodes 4; get node_cpus; set node_cpus 0; get node_cpus; set node_cpus auto; get node_cpus'
$BL -c 'set cpus 8 node_cpus 9' 2>&1; echo "status $?"
$BL -c 'set watermark_scale_factor 3001' 2>&1; echo "status $?"
$BL -c 'set zone_min 100p zone 50p' 2>&1; echo "status $?"
# before 5.17 the sysctl stopped at 1000: the kernel side is n/a there, with the reason
$BL -c 'set watermark_scale_factor 2000 kernel 5.15; get watermark.gap.kernel; set kernel 5.17; get watermark.gap.kernel'
# about carries the published figures
$BL -c 'about pcp' | grep -c 'about 270MB per CPU'
$BL -c 'about watermark' | grep -c '16M to 143M'
