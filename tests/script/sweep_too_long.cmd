# Issue 21: a sweep estimated (a few rows timed first) to run for hours is refused before its first row,
# saying how long it would take and how to go on; PATH is left as it was. The figures depend on the
# machine, so they are masked; the bound is an hour and these rows take about 2 ms each here (four variants
# of the charge batch: four more MVA solves at 65536 CPUs a row, as the two sides now share one).
# (timeout: the sweep of old ran for hours.)
cd "$HOME" && echo keep > out.csv &&
$GUARD 300 $BL -c 'set cpus 65536 mmap 1G; variant memcg_charge b40 = 40; variant memcg_charge b48 = 48; variant memcg_charge b56 = 56; variant memcg_charge b100 = 100; sweep charge_page_ns 1 10000000 step 1 memcg_charge.throughput memcg_charge.speedup committed_as.throughput committed_as.speedup proactive_reclaim.time_s > out.csv' 2>err
echo "status $?"
sed -E 's/about [0-9.e+-]+ ms/about N ms/; s/about [0-9.]+ hours/about H hours/; s/; [0-9]+ rows fit/; R rows fit/' err
cat out.csv; ls -A
