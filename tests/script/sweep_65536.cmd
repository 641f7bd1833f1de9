# The issue's done-when line: 65536 rows plus a header, every row checked against
# mm_compute_batch() and calculate_normal_threshold() written again in awk.
# 256 GiB of 4K pages = 67108864 pages; totalram = pages - pages * 64 / 4096 = 66060288.
$BL --format csv -c 'set ram 256G; sweep cpus 1 65536 step 1 committed_as.batch.after vmstat.threshold' | awk -F, '
function fls(x,   r) { r = 0; while (x >= 1) { x = int(x / 2); r++ } return r }
function max(a, b) { return a > b ? a : b }
function min(a, b) { return a < b ? a : b }
NR == 1 { if ($0 != "cpus,committed_as.batch.after,vmstat.threshold") bad++; next }
{
	n = NR - 1; T = 66060288
	batch = max(min(int(int(T / n) / 4), 2147483647), max(2 * n, 32))
	thr = min(125, 2 * fls(n) * (1 + fls(int(T / 32768))))
	if ($1 != n || $2 != batch || $3 != thr || NF != 3) { bad++; if (bad < 5) print "row " n ": " $0 " expected " n "," batch "," thr }
	last = $1
}
END { print NR " lines, last cpus " last ", " bad + 0 " wrong" }'
