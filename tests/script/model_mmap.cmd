# seed 003: +53% on the 8C/16T desktop (within 5%), 21.97x on the 4S/144T server (within 10%)
for p in "mmap-desktop-16t 1.53 0.05" "mmap-server-144t 21.97 0.10"; do
	set -- $p
	$BL -c "preset load $1; get committed_as.speedup" | awk -v want="$2" -v tol="$3" -v name="$1" \
		'{ d = ($1 - want) / want; if (d < 0) d = -d; print name, (d <= tol ? "ok" : "off: " $1) }'
done
