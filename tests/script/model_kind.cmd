# show marks modeled rows apart from exact ones
$BL -c 'preset load netperf-72cpu; show memcg_charge' | awk '$1 == "batch" || $1 == "throughput" || $1 == "speedup" { print $1, $2 }'
$BL -c 'show proactive_reclaim' | awk '$1 == "calls" || $1 == "time_s" || $1 == "pages_per_s" || $1 == "overreclaim_bytes" { print $1, $2 }'
