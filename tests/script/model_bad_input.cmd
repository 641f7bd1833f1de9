# cost constants are range-checked; nothing to reclaim gives no rate, not 0/0
$BL -c 'set reclaim 0; get proactive_reclaim.pages_per_s'
$BL -c 'set reclaim_page_ns 0.5; set reclaim_eps 2; get reclaim_page_ns'
