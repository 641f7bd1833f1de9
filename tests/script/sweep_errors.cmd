# Each bad sweep: one line on stderr, exit 1, nothing on stdout.
for c in 'sweep cpus 10 1 vmstat.threshold' 'sweep cpus 1 10 step 0 vmstat.threshold' \
	'sweep cpus 1 10 step -4 vmstat.threshold' 'sweep cpus 1 10 x 1 vmstat.threshold' \
	'sweep scanned 0 20000000 step 1 vmpressure.evals' 'sweep speed 1 10 vmstat.threshold' \
	'sweep cpus 1 10 vmstat.speed' 'sweep overcommit guess never committed_as.batch' \
	'sweep cpus 1 10' 'where vmpressure.window > 4096 over ram 1G 1T step 0' 'plot vmstat.threshold over cpus 9 1'; do
	$BL -c "$c"
	echo "exit $?"
done
