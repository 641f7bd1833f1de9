# Issue 47 (b): report --quote at widths 24..28 dropped "> " from wrapped lines (the dispatcher
# reflowed the quoted text), and at 24 and 25 its paste block said --width 22 or 23, which
# batchlab refuses. Every patch (from show all's csv), every width 24..30 and 72: every line
# quoted and within the width; at 24 the paste block, run by the shell, runs without an error.
d=$(mktemp -d "$HOME/q.XXXXXX")
trap 'rm -rf "$d"' EXIT
patches=$($BL --format csv -c 'show all' | awk -F, 'NR > 1 && $1 != "machine" { print $1 }' | uniq)
n=0
for p in $patches; do
	for w in 24 25 26 27 28 29 30 72; do
		$BL -c "report $p --quote --width $w" >"$d/r.txt" || echo "$p $w: failed"
		awk -v p=$p -v w=$w '!/^>( |$)/ { print p, w, "not quoted: " $0 } length($0) > w { print p, w, "too wide: " $0 }' "$d/r.txt"
		n=$((n + 1))
	done
	$BL -c "report $p --quote --width 24" | sed 's/^> \{0,1\}//' | sed -n "/^batchlab -c '/,/^\$/p" |
		sed '1s|^batchlab |"$BL" |' >"$d/last.sh"
	BL=$BL sh -c "$(cat "$d/last.sh")" >"$d/out.txt" 2>"$d/err.txt" || { echo "$p: the paste block at 24 failed"; cat "$d/err.txt"; }
done
echo "$n reports checked: every line quoted, none too wide"
