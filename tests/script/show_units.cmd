# show's short layouts tell a metric's unit once and the same way for every column, variants and
# kernel included: in the unit column or the units note when some cell is a bare number, and
# nowhere else when every cell says its own unit (16 MiB, 17.49Gbps: not also labelled bytes, Mbps).
# At every width from 60 to 160, the throughput and byte rows carry no unit of their own, and the
# rows of bare numbers (batch, update_share, speedup) have theirs beside them or under the table.
cd "$HOME" || exit 1 # every file the test writes is in its own folder
vars='variant memcg_charge big = 128; variant memcg_charge small = 16'
w=60
while [ $w -le 160 ]; do
	$BL --width $w -c "$vars; show memcg_charge" > show.out
	layout=table
	grep -q '^  metric  *unit ' show.out && layout=unit-column
	grep -q '^  units:' show.out && layout=units-note
	grep -q '(exact):' show.out && layout=stacked
	if [ $layout = unit-column ]; then
		grep -E '^. (throughput|stock_max_bytes|stale_stat_bytes) +(Mbps|bytes) ' show.out && echo "w=$w: a unit column contradicts its cells"
		for m in batch update_share speedup; do
			grep -qE "^. $m +(pages|%|x) " show.out || echo "w=$w: $m's bare numbers lose their unit"
		done
	fi
	if [ $layout = units-note ]; then
		note=$(sed -n '/^  units:/,/^  big:/p' show.out | tr '\n' ' ')
		case "$note" in *throughput*|*stock_max_bytes*) echo "w=$w: the units note names a row whose cells say their unit";; esac
		for m in batch update_share speedup; do
			case "$note" in *"$m"*) ;; *) echo "w=$w: $m's bare numbers lose their unit";; esac
		done
	fi
	echo "$w $layout"
	w=$((w + 2))
done | uniq -f1 -c | sed 's/^ *//'
