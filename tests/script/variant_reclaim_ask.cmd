# Issue 21.9: a proactive_reclaim variant asking 2^64 - 1 pages is n/a with the true reason, not a wrapped count
$BL -c 'variant proactive_reclaim v = remaining == nr_to_reclaim ? 32 : 18446744073709551615; get proactive_reclaim.calls; explain proactive_reclaim.time_s.v' | head -3
# Issue 21.13: variant list shows the first ask the metrics follow (the kernel's floor of 32), naming the raw value
$BL -c 'variant proactive_reclaim v = remaining == nr_to_reclaim ? 0 : 32; variant list; get proactive_reclaim.first_ask.v'
