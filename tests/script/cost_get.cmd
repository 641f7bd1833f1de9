# vmpressure(): a memcg's first evaluation needs whole 100-page calls reaching the window:
# 512 -> 6 calls = 600 pages; 6144 (256 GiB) -> 62 calls = 6200 pages; at 1000 pages/s 0.6 s and 6.2 s.
$BL -c 'set chunk 100 scan_rate 1000; get vmpressure.detect_pages vmpressure.detect_s'
# memory.reclaim of 1 MiB = 256 pages: decay asks 256/4 = 64, 192/4 = 48, 144/4 = 36, then 27, 19, 11, 3,
# each raised to SWAP_CLUSTER_MAX; cluster 8 asks of 32; full one ask of 256. A list prints a line per side.
$BL -c 'set reclaim 1M; get proactive_reclaim.asks.decay proactive_reclaim.asks'
# 64 CPUs * 32 (64) pages * 4 KiB = 8 (16) MiB of a 1 GiB memcg; vmstat: 125 * 64 CPUs
$BL -c 'set cgroup_size 1G; get memcg_charge.stock_share vmstat.drift_pages'
