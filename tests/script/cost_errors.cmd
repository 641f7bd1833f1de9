# vmstat trades nothing; a range needs its three words; a list cannot be plotted
. "$(dirname "$0")/names.sh" # the patch lists by name (issue 35)
$BL -c 'tradeoff vmstat'
$BL -c 'tradeoff memcg_charge over charge_batch 8'
$BL -c 'tradeoff memcg_charge over charge_batch 1 65536 step 1'
$BL -c 'plot proactive_reclaim.asks.decay over reclaim 1M 1G'
$BL -c 'set reclaim 1T; get proactive_reclaim.calls.decay proactive_reclaim.asks.cluster'
