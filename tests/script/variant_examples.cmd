# issue 14's five variants, by script (-c) and by stdin. The figures are worked by hand:
# default machine (64 CPUs, 256G: totalram 66060288 pages, 4K, guess, reclaim 1G = 262144 pages):
# clamp(128, 32, 127) = 127; mem128m = 66060288 >> 15 = 2016, fls 11, 512 * (1 + 5) = 3072;
# 66060288 / 64 / 16 = 64512; eighth: 32768 first, 61 calls, 31 pages past the request;
# 64 * 127 * 4096 = 33292288. A preset load keeps the variants (issue 21.5) and says so.
# netperf-72cpu (72 CPUs): 127, 66060288 / 72 / 16 = 57344, 3072, 61; never: / 256 = 3584
V='variant memcg_charge big    = 128
variant memcg_charge scaled = clamp(2 * cpus, 32, 127)
variant vmpressure   half   = 512 * (1 + fls(mem128m) / 2)
variant committed_as lift16 = max(totalram / cpus / (overcommit == never ? 256 : 16), max(2 * cpus, 32))
variant proactive_reclaim eighth = max(32, remaining / 8)'
$BL -c "$V
get memcg_charge.batch.big memcg_charge.batch.scaled vmpressure.window.half committed_as.batch.lift16
get proactive_reclaim.first_ask.eighth proactive_reclaim.calls.eighth proactive_reclaim.tail_overshoot_pages.eighth
get memcg_charge.stock_max_bytes.scaled
variant del memcg_charge big
get memcg_charge.batch"
printf '%s\npreset load netperf-72cpu\n' "$V" | $BL; echo "status $?"
printf 'preset load netperf-72cpu\n%s\nget memcg_charge.batch.scaled committed_as.batch.lift16 vmpressure.window.half proactive_reclaim.calls.eighth\nset overcommit never\nget committed_as.batch.lift16\n' "$V" | $BL
