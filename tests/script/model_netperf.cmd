# seed 000: 10482.7 and 17064.7 Mbps; the model must land within 3% of each
$BL -c 'preset load netperf-72cpu; get memcg_charge.throughput' | awk '{
	split("10482.7 17064.7", want, " ")
	if (NF != 2) { print "expected 2 numbers, got " NF; exit }
	for (i = 1; i <= 2; i++) { d = ($i - want[i]) / want[i]; if (d < 0) d = -d; print (d <= 0.03 ? "within 3% of " want[i] : "off: " $i " vs " want[i]) }
}'
