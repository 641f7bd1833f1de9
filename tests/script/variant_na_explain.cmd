# A proactive_reclaim variant that cannot be followed: explain of every per-call metric (calls,
# first_ask, asks, tail_overshoot_pages) names the request, the ask it could not follow and why.
# 256 GiB / 4 KiB = 67108864 pages; an ask of 0 is raised to SWAP_CLUSTER_MAX = 32, so 2097152
# calls: past the 1000000-call cut-off. d divides by zero on its first call.
$BL -c 'set reclaim 256G; variant proactive_reclaim z = 0; variant proactive_reclaim d = remaining / (remaining - remaining)
explain proactive_reclaim.calls.z; explain proactive_reclaim.first_ask.z; explain proactive_reclaim.asks.z
explain proactive_reclaim.tail_overshoot_pages.z; explain proactive_reclaim.asks.d'
