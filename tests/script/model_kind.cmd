# show marks modeled rows apart from exact ones: the kind in words where the table has room,
# as its one-letter mark (~ model, * workload, none for exact) where it must fit 80 columns
$BL -c 'preset load netperf-72cpu; show memcg_charge --width 1000' | awk '$1 == "batch" || $1 == "throughput" || $1 == "speedup" { print $1, $2 }'
$BL -c 'show proactive_reclaim --width 1000' | awk '$1 == "calls" || $1 == "time_s" || $1 == "pages_per_s" || $1 == "overreclaim_bytes" { print $1, $2 }'
$BL -c 'show proactive_reclaim --width 80' | awk '$2 == "calls" || $2 == "time_s" || $1 == "first_ask" { print $1, $2 }'
