# report's reproduce block, run by the shell, reproduces every number: per machine `show PATCH` (each
# metric labelled as the tables label it) and `get --named` of the assumptions (NAME = VALUE), then
# the plot - what the same commands print asked by hand on each preset. Every line <= 72 columns.
d=$(mktemp -d "$HOME/rep.XXXXXX")
trap 'rm -rf "$d"' EXIT
names='scanned chunk cgroup_size scan_rate vmpressure_win vmpressure_eval_ns'
$BL -c 'report vmpressure on vm-4g huge-65536cpu' >"$d/report.txt"
awk 'length($0) > 72 { print "too wide: " $0 }' "$d/report.txt"
sed -n "/^batchlab -c '/,/^\$/p" "$d/report.txt" | sed '1s|^batchlab |"$BL" |' >"$d/last.sh"
BL=$BL sh -c "$(cat "$d/last.sh")" >"$d/got.txt"
for p in vm-4g huge-65536cpu; do
	$BL -p $p -c "show vmpressure --width 72; get --named $names"
done >"$d/want.txt"
$BL -p vm-4g -c 'plot vmpressure.window over ram 4G 1E --ascii --width 72' >>"$d/want.txt"
cmp "$d/want.txt" "$d/got.txt" && echo "the last block reproduces $(wc -l <"$d/want.txt") lines of show, get and plot"
grep -c '^[a-z_]* = ' "$d/got.txt" | sed 's/$/ NAME = VALUE lines/'
# presets at paths with a blank, a single and a double quote in them: quoted for batchlab, then for sh
# (relative to the test's folder: a preset's path is at most 63 bytes, and the block runs there too)
mkdir "$d/my presets"
cp ../../presets/vm-4g.preset "$d/my presets/a b.preset"
cp ../../presets/laptop-8c-16g.preset "$d/my presets/it's \"q\".preset"
cd "$d" || exit 1
a="my presets/a b.preset" q="my presets/it's \"q\".preset"
$BL report vmpressure on "$a" "$q" >"$d/r2.txt" || echo "report on the paths failed"
awk 'length($0) > 72 { print "too wide: " $0 }' "$d/r2.txt"
grep -c '^  a b.preset  \|^  it'"'"'s "q".preset  ' "$d/r2.txt" | sed 's/$/ tables headed by the file names/'
sed -n "/^batchlab -c '/,/^\$/p" "$d/r2.txt" | sed '1s|^batchlab |"$BL" |' >"$d/last2.sh"
BL=$BL sh -c "$(cat "$d/last2.sh")" >"$d/got2.txt" 2>&1 || echo "the reproduce block failed under sh -c"
for p in "$a" "$q"; do
	$BL -p "$p" -c "show vmpressure --width 72; get --named $names"
done >"$d/want2.txt"
$BL -p "$a" -c 'plot vmpressure.window over ram 4G 16G --ascii --width 72' >>"$d/want2.txt"
cmp "$d/want2.txt" "$d/got2.txt" && echo "through sh -c with those paths: $(wc -l <"$d/want2.txt") lines, the same"
# with two variants: the block defines them once (preset load keeps them), and show has them on each machine
v='variant committed_as a = 4096
variant committed_as b = max(totalram / cpus / 16, max(2 * cpus, 32))'
$BL -c "$v
report committed_as on vm-4g laptop-8c-16g --width 60" >"$d/report3.txt"
awk 'length($0) > 60 { print "too wide: " $0 }' "$d/report3.txt"
sed -n "/^batchlab -c '/,/^\$/p" "$d/report3.txt" | sed '1s|^batchlab |"$BL" |' >"$d/last3.sh"
BL=$BL sh -c "$(cat "$d/last3.sh")" 2>"$d/notes3.txt" | grep -c 'a 4096 pages (x4.063), b 16128 pages' | sed 's/$/ show with both variants on vm-4g (4096, and 1032192 \/ 4 \/ 16)/'
# > PATH inside the command writes the same text to the file (cmd_run's output options)
$BL -c "report vmpressure on vm-4g > $d/file.txt"
$BL -c 'report vmpressure on vm-4g' | cmp - "$d/file.txt" && echo "> PATH: the same report"
# the report ends with the view it was made from: batchlab 'LINE' on the patch reported, which the shell
# runs back into the same line (a variant's ( ) and * inside the quotes; a long line cut as the block is)
sed -n "/^The view this report was made from/,\$p" "$d/report3.txt" | sed '1d; s|^batchlab |"$BL" |; $s/$/ state/' >"$d/view3.sh"
BL=$BL sh -c "$(cat "$d/view3.sh")"
