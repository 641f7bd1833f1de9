#!/bin/sh
# SVG tests (issue 23): every chart kind at every series count writes a picture that validates
# (xmllint --noout), renders (rsvg-convert, from librsvg2-bin) to a PNG that is not blank and shows
# as many series colours as series, and whose paths are the --format csv of the same chart, point for
# point once scaled (svgcheck.py). Everything happens in a temporary folder of its own.
# usage: tests/svg/svg_tests.sh [./batchlab]
set -u
here=$(cd "$(dirname "$0")" && pwd)
BL=${1:-$here/../../batchlab}
case $BL in /*) ;; *) BL=$(pwd)/$BL ;; esac
for t in xmllint rsvg-convert python3; do
	command -v $t >/dev/null || { echo "svg tests: no $t (make deps)"; exit 1; }
done
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
mkdir home && export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/config" XDG_STATE_HOME="$tmp/home/state"
pass=0 fail=0

# case NAME KIND SERIES 'COMMANDS BEFORE' 'CHART COMMAND': the SVG three ways (> x.svg, --format svg,
# and the explorer's :save spelling is plot's), its csv, its PNG.
case_() {
	name=$1 kind=$2 n=$3 pre=$4 chart=$5
	ok=1
	"$BL" -c "$pre $chart > $name.svg" || ok=0
	"$BL" -c "$pre $chart --format svg" > "$name.stdout.svg" || ok=0
	cmp -s "$name.svg" "$name.stdout.svg" || { echo "FAIL $name: > x.svg and --format svg differ"; ok=0; }
	"$BL" --format csv -c "$pre $chart" > "$name.csv" || ok=0
	xmllint --noout "$name.svg" || { echo "FAIL $name: xmllint"; ok=0; }
	rsvg-convert "$name.svg" -o "$name.png" || { echo "FAIL $name: rsvg-convert"; ok=0; }
	[ $ok = 1 ] && python3 "$here/svgcheck.py" "$kind" "$name.svg" "$name.csv" "$name.png" "$n" || ok=0
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name"; fi
}

# plot: 1 (a side named), 2 (memcg's before and after), 3 (reclaim's three sides) and 4..7 (its
# variants), and memcg's sides with four variants
case_ plot1 plot 1 '' 'plot memcg_charge.stock_max_bytes.after over cpus 1 65536'
case_ plot2 plot 2 '' 'plot memcg_charge.stock_max_bytes over cpus 1 65536'
R=
k=3
case_ plot3 plot 3 '' 'plot proactive_reclaim.calls over reclaim 1G 64G'
for d in 2 8 16 64; do
	k=$((k + 1))
	R="$R variant proactive_reclaim by$d = max(32, remaining / $d);"
	case_ plot$k plot $k "$R" 'plot proactive_reclaim.calls over reclaim 1G 64G'
done
case_ plot6_memcg plot 6 'variant memcg_charge big = 128; variant memcg_charge scaled = clamp(2 * cpus, 32, 127);
	variant memcg_charge small = 16; variant memcg_charge v4 = 48;' 'plot memcg_charge.stock_max_bytes over cpus 1 65536'
# a linear axis (pagesize's listed values) and a real one
case_ plot_linear plot 2 '' 'plot vmpressure.window over ram 1G 64G step 1G'
# tradeoff: before and after, and each variant one more marker
V=
for k in 0 1 2 3 4; do
	[ $k -gt 0 ] && V="$V variant memcg_charge v$k = $((16 + 24 * k));"
	case_ tradeoff$k tradeoff $((k + 2)) "$V" 'tradeoff memcg_charge'
done
case_ tradeoff_reclaim tradeoff 2 '' 'tradeoff proactive_reclaim'

# report > x.svg: the report's chart, whose points are those of the plot its reproduce lines end with
# (on the machine they load last), at each series count memcg's sides and variants give
V=
for k in 0 2 4; do
	[ $k -gt 0 ] && V="$V variant memcg_charge r$((k - 1)) = $((40 + 8 * k)); variant memcg_charge r$k = $((24 + 8 * k));"
	name=report$((k + 2))
	ok=1
	"$BL" -c "$V report memcg_charge > $name.svg" && xmllint --noout "$name.svg" && rsvg-convert "$name.svg" -o "$name.png" || ok=0
	"$BL" -c "$V report memcg_charge" > "$name.txt" || ok=0
	pre=$(grep '^preset load ' "$name.txt" | tail -1)
	plot=$(grep "^plot " "$name.txt" | tail -1 | sed "s/ --ascii//; s/'\$//")
	[ -n "$plot" ] && "$BL" --format csv -c "$V $pre; $plot" > "$name.csv" || ok=0
	[ $ok = 1 ] && python3 "$here/svgcheck.py" plot "$name.svg" "$name.csv" "$name.png" $((k + 2)) || ok=0
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name"; fi
done

# --size, and a bad one
"$BL" -c 'plot memcg_charge.batch over cpus 1 64 --size 1024x300 > s.svg' && grep -q 'width="1024" height="300"' s.svg &&
	xmllint --noout s.svg && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL --size 1024x300"; }
head -c 400 plot2.svg | grep -q 'width="800" height="500"' && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL default size"; }
# Issue 38, slides: text grows with the picture (a 1920x1080 slide is 2.16 times 800x500: its heading
# 15 * 2.16 = 32.4 px, its ticks 12 * 2.16 = 25.9 px), --title gives the heading, and the legend is in
# show's order (proactive_reclaim: full, cluster, decay, then a variant); the 7th colour reads on white.
slide() {
	"$BL" -c 'variant proactive_reclaim half = remaining / 2
		plot proactive_reclaim.calls over reclaim 1G 64G --size 1920x1080 --title "Calls per request" > slide.svg' &&
		xmllint --noout slide.svg && rsvg-convert slide.svg -o slide.png || return 1
	python3 - slide.svg plot2.svg <<'PY'
import re, sys
big, small = open(sys.argv[1]).read(), open(sys.argv[2]).read()
def sizes(t):
    return [float(v) for v in re.findall(r'font-size="([0-9.]+)"', t)]
head = re.search(r'<text[^>]*font-weight="bold"[^>]*>([^<]*)</text>', big)
assert head and head.group(1) == "Calls per request", "heading: %r" % (head and head.group(1))
assert "<title>Calls per request</title>" in big
assert abs(max(sizes(big)) - 32.4) < 0.1 and abs(min(sizes(big)) - 2.16 * min(sizes(small))) < 0.1, (sizes(big), sizes(small))
legend = re.findall(r'class="legend"[^>]*/>\n(?:<path class="legendmark"[^>]*/>\n)?<text[^>]*>([^<]*)</text>', big)
assert legend == ["full", "cluster", "decay", "half"], legend
PY
}
slide && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL slide: text scaled, --title, show's order"; }
# the 7th series colour: at least 4:1 against the white page (WCAG asks 3:1 of a graphic; the yellow was 1.3:1)
python3 - "$here/../../lang/out/svg.c" <<'PY' && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL the 7th colour is faint"; }
import re, sys
pal = re.search(r'svg_palette\[CHART_STYLES\] = \{([^}]*)\}', open(sys.argv[1]).read()).group(1)
cols = re.findall(r'"#([0-9A-Fa-f]{6})"', pal)
def lum(h):
    c = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    c = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
ratio = 1.05 / (lum(cols[6]) + 0.05)
assert len(cols) == 7 and ratio >= 4.0, "%s: %.2f:1" % (cols[6], ratio)
PY
"$BL" -c 'plot memcg_charge.batch over cpus 1 4 --title T' 2>/dev/null && { fail=$((fail + 1)); echo "FAIL --title on a text chart accepted"; } || pass=$((pass + 1))
echo "svg tests: $pass passed, $fail failed"
[ $fail = 0 ]
