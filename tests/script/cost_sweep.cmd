# 1 MiB = 256 pages: 64 48 36 32 32 32 32 (276 reclaimed, 20 over); 2 MiB = 512 pages:
# 128 96 72 54 40, then 30, 22, 14, 6 raised to 32 (518 reclaimed, 6 over).
$BL --lists full --format csv -c 'sweep reclaim 1M 2M proactive_reclaim.asks.decay proactive_reclaim.tail_overshoot_pages.decay'
$BL --lists full --format json -c 'sweep reclaim 1M 2M proactive_reclaim.asks.decay proactive_reclaim.tail_overshoot_pages.decay'
$BL --lists full -c 'sweep reclaim 1M 2M proactive_reclaim.asks.decay proactive_reclaim.tail_overshoot_pages.decay'
# Without --lists full a list is its count, first, last and sum: 7 asks, 64 .. 32, 276 pages; 9, 128 .. 32, 518.
$BL --format csv -c 'sweep reclaim 1M 2M proactive_reclaim.asks.decay'
$BL -c 'sweep reclaim 1M 2M proactive_reclaim.asks.decay'
