# Issue 23: plot draws every side and every variant. The csv has a column per series (header
# KEY,before,after,VARIANTS...; proactive_reclaim's three sides full,cluster,decay, as show has them); an ASCII chart at
# --width 72, 40 and 24 is no wider than asked, the 72 one exactly 72, and its legend names every
# series with its own glyph (o * x @ % & = by position: lang/out/chart.h).
cd "$(mktemp -d "$HOME/plot.XXXXXX")" || exit 1
V='variant memcg_charge big = 128; variant memcg_charge scaled = clamp(2 * cpus, 32, 127);
   variant memcg_charge small = 16; variant memcg_charge v4 = 48'
$BL --format csv -c "$V; plot memcg_charge.stock_max_bytes over cpus 1 64" | head -2
$BL --format csv -c 'variant proactive_reclaim eighth = max(32, remaining / 8); plot proactive_reclaim.calls over reclaim 1G 4G' | head -1
$BL --format json -c "$V; plot memcg_charge.batch over cpus 1 2" | head -3
for w in 72 40 24; do
	$BL -c "$V; plot memcg_charge.stock_max_bytes over cpus 1 65536 --ascii --width $w" > chart.txt
	widest=$(awk '{ if (length($0) > m) m = length($0) } END { print m }' chart.txt)
	names=
	for e in 'oo before' '\*\* after' 'xx big' '@@ scaled' '%% small' '&& v4'; do
		grep -q "$e" chart.txt && names="$names ok" || names="$names MISSING($e)"
	done
	echo "width $w: widest line $widest, legend:$names"
done
# the series a single side or a single-valued metric is: one column, named in the title and the legend
$BL --format csv -c "$V; plot memcg_charge.batch.after over cpus 1 2"
$BL -c "$V; plot memcg_charge.batch.big over cpus 1 4 --ascii --width 40" | sed -n 2p
# a picture is a chart's: other commands, and the session's format, refuse svg
$BL -c 'show memcg_charge > x.svg'; echo "exit $?"
$BL -c 'format svg'; echo "exit $?"
$BL -c 'plot memcg_charge.batch over cpus 1 4 --size 10x10 > x.svg'; echo "exit $?"
$BL -c 'tradeoff memcg_charge --ascii'; echo "exit $?"
[ -e x.svg ] && echo "x.svg written" || echo "no x.svg written"
