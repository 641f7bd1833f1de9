# history PATCH: every release row with its commit; csv and json for scripts
# the issue's rows, by the commit each names (the 3.11 row names none: its hash was not identified)
. "$(dirname "$0")/names.sh" # the patch, preset and release lists by name
for c in memcg_charge:5b3be698a872 memcg_charge:11192d9c124d vmstat:55f77df7d715 vmstat:52166607ecc9 \
	vmstat:66eca1021a42 proactive_reclaim:16aca2c98a6f vmpressure:70ddf637eebe memcg_charge:475d0487a2ad \
	memcg_charge:a983b5ebee57 memcg_charge:1813e51eece0 memcg_charge:f735eebe55f8 \
	memcg_charge:2d146aa3aa84 memcg_charge:aa48e47e3906 proactive_reclaim:0388536ac291 \
	proactive_reclaim:287d5fedb377 proactive_reclaim:2b7226af730c committed_as:56f3547bfa4d \
	memcg_charge:8d59d2214c23 proactive_reclaim:94968384dde1 vmstat:d8a759b57035 vmstat:9705bea5f833; do
	p=${c%%:*} id=${c#*:}
	n=$($BL --format csv -c "history $p" | grep -c ",$id,")
	echo "$p $id: $n row(s)"
done
# a row per change: release, commit, value here; the value is the row's own code on this machine
$BL --format csv -c 'history committed_as' | cut -d, -f2-4,6-7
# 64 CPUs, 4K pages: the stock rows are 64 * 1 * 32 * 4096 (3.10 and 4.14, batch 32 then: 8 MiB) and 64 * 7 * 64 * 4096
$BL --format csv -c 'history memcg_charge' | grep '^memcg_charge,memcg charge stock' | cut -d, -f3,6
echo "expect 3.10 $((64 * 1 * 32 * 4096)), 4.14 $((64 * 1 * 32 * 4096)), 6.16 $((64 * 7 * 64 * 4096))"
# every commit a row names has its subject beside it, in the table too
for p in memcg_charge committed_as vmstat vmpressure proactive_reclaim; do
	$BL --format csv -c "history $p" | awk -F, 'NR > 1 && $4 != "" && $5 == "" { bad++ } END { print "'$p' rows without a subject:", bad + 0 }'
done
$BL -c 'history vmstat' | grep -c '"mm: page_alloc: control latency caused by zone PCP draining"'
$BL --format json -c 'history vmpressure'
# for people: the table, every line within 80 columns
$BL -c 'history proactive_reclaim' | awk 'length > 80 { bad++ } END { print "lines over 80:", bad + 0 }'
$BL -c 'set kernel 5.15; history proactive_reclaim' | head -2
# about carries it too
$BL -c 'about memcg_charge' | grep -c 'f735eebe55f8'
$BL -c 'history nosuch' 2>&1; echo "status $?"
