# Every patch file batchlab ships passes patch check, and its report reads as a built-in's: no
# 'seed -', no 'status: not stated', origin and status in its head, no wider than 72 columns and,
# at 72 columns, no longer than the built-ins' reports are: the median of them (every built-in
# patch, as show lists them). The files are those in patches/, not a list kept here.
patches=$(cd ../../patches && pwd)
cd "$HOME" || exit 1 # every file the test writes is in its own folder
builtins=$($BL --format csv -c show | cut -d, -f1 | grep -v '^machine$' | grep -v '^patch$' | sort -u)
[ "$(echo "$builtins" | wc -l)" -ge 5 ] || echo "show lists too few built-in patches: $builtins"
for id in $builtins; do
	$BL -c "report $id --width 72" | wc -l
done | sort -n > builtin_lines
longest=$(sed -n "$(( ($(wc -l < builtin_lines) + 1) / 2 ))p" builtin_lines)
for f in "$patches"/*.mmpatch; do
	id=$(basename "$f" .mmpatch)
	$BL -c "patch check $f" > check.out || echo "$id: patch check failed"
	$BL -P "$f" -c "report $id --width 72" > report.out || echo "$id: report failed"
	lines=$(wc -l < report.out)
	widest=$(awk '{ if (length($0) > w) w = length($0) } END { print w }' report.out)
	grep -q '^seed -' report.out && echo "$id: says seed -"
	grep -q 'status: not stated' report.out && echo "$id: says status: not stated"
	grep -q 'savings in proportion' report.out && echo "$id: has an empty savings section"
	[ "$widest" -le 72 ] || echo "$id: a line of $widest columns"
	[ "$lines" -le "$longest" ] || echo "$id: $lines lines, longer than the built-ins' median report, $longest"
	echo "$id: $(head -1 check.out | sed 's/^[^:]*: //'); $(grep '^status: ' report.out | cut -c1-40)"
done
