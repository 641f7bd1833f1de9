# Every patch file batchlab ships passes patch check, and its report reads as a built-in's: no
# 'seed -', no 'status: not stated', origin and status in its head, no wider than 72 columns and no
# longer than the longest built-in report. The files are those in patches/, not a list kept here.
patches=$(cd ../../patches && pwd)
cd "$HOME" || exit 1 # every file the test writes is in its own folder
longest=0
for id in memcg_charge vmpressure committed_as watermark pcp; do
	n=$($BL -c "report $id" | wc -l)
	[ "$n" -gt "$longest" ] && longest=$n
done
for f in "$patches"/*.mmpatch; do
	id=$(basename "$f" .mmpatch)
	$BL -c "patch check $f" > check.out || echo "$id: patch check failed"
	$BL -P "$f" -c "report $id" > report.out || echo "$id: report failed"
	lines=$(wc -l < report.out)
	widest=$(awk '{ if (length($0) > w) w = length($0) } END { print w }' report.out)
	grep -q '^seed -' report.out && echo "$id: says seed -"
	grep -q 'status: not stated' report.out && echo "$id: says status: not stated"
	grep -q 'savings in proportion' report.out && echo "$id: has an empty savings section"
	[ "$widest" -le 72 ] || echo "$id: a line of $widest columns"
	[ "$lines" -le "$longest" ] || echo "$id: $lines lines, longer than the longest built-in's $longest"
	echo "$id: $(head -1 check.out | sed 's/^[^:]*: //'); $(grep '^status: ' report.out | cut -c1-40)"
done
