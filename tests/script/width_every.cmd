# Issue 22: --width N holds for every command that prints text - no line longer than N - over
# every patch with two variants, at 72 (a mail) and at the edges of the range; show with two
# variants fits 80 columns with no --width at all. Lines are measured by awk, apart from
# batchlab's own measure; a line too long is printed (its first 100 characters).
# Under valgrind (BL_WRAP) its about 80 runs of the same paths the plain and ASan runs check take most of
# make check's valgrind pass: skipped there, saying so.
[ -z "${BL_WRAP:-}" ] || { echo "skipped under valgrind: about 80 runs, checked by the plain and ASan runs" >&2; exit 77; }
V='variant memcg_charge v1 = clamp(2 * cpus, 32, 127); variant memcg_charge v2 = cpus
variant proactive_reclaim a = 64; variant proactive_reclaim b = 1024
variant committed_as c1 = 16; variant committed_as c2 = cpus * 1024
variant vmpressure a = 1024; variant vmpressure b = 4096'
over() { awk -v w="$1" -v c="$2" 'length($0) > w { n++; print c ": " length($0) " > " w ": " substr($0, 1, 100) } END { print c ": " (NR ? "" : "no output, ") (n ? n " lines too long" : "no line longer than " w) }'; }
for p in memcg_charge proactive_reclaim committed_as vmpressure vmstat; do
	$BL -c "$V; show $p" | over 80 "show $p"
done
for w in 72 24 1000; do
	for p in memcg_charge proactive_reclaim committed_as vmpressure vmstat; do
		$BL -c "$V; show $p --width $w" | over $w "show $p --width $w"
		$BL -c "$V; about $p --width $w" | over $w "about $p --width $w"
	done
	$BL -c "$V; show --width $w" | over $w "show --width $w"
	$BL --width $w -c "$V; show machine" | over $w "--width $w show machine"
	for p in memcg_charge proactive_reclaim committed_as vmpressure; do
		$BL -c "$V; tradeoff $p --width $w" | over $w "tradeoff $p --width $w"
	done
	$BL -c "$V; sweep cpus 1 8 x 2 memcg_charge.batch memcg_charge.throughput proactive_reclaim.calls committed_as.batch vmpressure.window vmpressure.detect_s --width $w" |
		over $w "sweep of 6 metrics with variants --width $w"
	$BL -c "$V; sweep ram 1G 4G x 2 proactive_reclaim.overreclaim_bytes proactive_reclaim.asks --width $w" | over $w "sweep ram --width $w"
	$BL -c "$V; explain vmpressure.detect_s.after --width $w; explain proactive_reclaim.calls --width $w" | over $w "explain --width $w"
	$BL -c "help --width $w; help set --width $w; help sweep --width $w; help variant --width $w; help memcg_charge --width $w" | over $w "help --width $w"
	$BL -c "where vmpressure.window.after >= 6000 over ram 1G 1T x 2 --width $w; get vmpressure.window --width $w" | over $w "where, get --width $w"
done
# the same table as a file: --width holds there too
d=$(mktemp -d "$HOME/width.XXXXXX")
$BL -c "$V; show memcg_charge --width 72 > $d/s.txt"; over 72 "show > file --width 72" < "$d/s.txt"
