# Issue 11: plot and where sample a range themselves (no "step 1 gives N rows", no step asked for on a
# real-valued key, a listed-values key plotted at its values); a default doubling from 0 does not talk
# about x; huge and tiny steps give a readable count.
$BL -c 'plot memcg_charge.throughput over charge_page_ns 1 100' | tail -1; echo "exit $?"
$BL -c 'plot vmstat.threshold over scanned 1 4611686018427387904' | tail -1; echo "exit $?"
$BL -c 'plot vmstat.threshold over pagesize 4K 64K' | tail -1; echo "exit $?"
$BL -c 'where vmstat.threshold > 10 over scanned 0 4611686018427387904' | head -1; echo "exit $?"
$BL -c 'sweep reclaim 0 1G proactive_reclaim.calls'; echo "exit $?"
$BL -c 'sweep reclaim 0 1G x 2 proactive_reclaim.calls'; echo "exit $?"
$BL -c 'sweep scanned 1 4611686018427387904 step 1 vmstat.threshold'; echo "exit $?"
$BL -c 'sweep charge_page_ns 1 100 step 1e-300 memcg_charge.throughput'; echo "exit $?"
