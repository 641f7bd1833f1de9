# Issue 37: memcg_flush and rss_stat. From how many CPUs the percpu rss bound is worse than the
# per-thread one, worked out by hand from the two codes: before, task_threads * 66 pages (6.1's
# check_sync_rss_stat() lets 66 faults wait per thread); after, cpus * (max(32, 2 * cpus) - 1).
# 5 threads: 330 pages; 10 * 31 = 310 <= 330 < 11 * 31 = 341. 64 threads: 4224 pages;
# 46 * 91 = 4186 <= 4224 < 47 * 93 = 4371. 10^6 threads: 66,000,000 > 1024 * 2047 = 2,096,128.
$BL -c 'where rss_stat.error_pages.after > rss_stat.error_pages.before over cpus 1 1024'
$BL -c 'set task_threads 64; where rss_stat.error_pages.after > rss_stat.error_pages.before over cpus 1 1024; get rss_stat.crossover_cpus'
$BL -c 'set task_threads 1000000; where rss_stat.error_pages.after > rss_stat.error_pages.before over cpus 1 1024'
$BL --format csv -c 'where rss_stat.error_pages.after > rss_stat.error_pages.before over cpus 1 1024'
# a side on each, or a one-line error and status 1
$BL -c 'where rss_stat.error_pages > rss_stat.error_pages.before over cpus 1 8'; echo "status $?"
# the 2025 proposal's example, 64 * 256 = 16,384 on 256 cores, and the least a memory.stat reader
# may miss whatever the sysctl: 256 CPUs * 63 pages = 16128
$BL -c 'set cpus 256; get memcg_flush.threshold.tunable; set user_flush_threshold 1; get memcg_flush.memcg_error_pages.tunable'
# the lessons answer their own exercises
for l in memcg_flush rss_stat; do
	$BL --lesson $l --check > $HOME/$l.out 2>&1
	echo "$l: status $?: $(tail -1 $HOME/$l.out)"
	echo "  asked $(grep -c '^? ' $HOME/$l.out), right $(grep -c '^  right\.$' $HOME/$l.out)"
done
