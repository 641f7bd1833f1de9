# A patch file's optional parts (tests/data/percpu_rows.mmpatch): its tradeoff line, its release row,
# its claims and a real-valued metric. On vm-4g (4 CPUs, 1032192 pages): before max(32, 8) = 32,
# after 256; max_drift = (batch - 1) * 4 = 124 and 1020; drift_pct = 1020 * 100 / 1032192 = 0.0988%.
P="-P ../data/percpu_rows.mmpatch"
$BL $P -p vm-4g -c 'show percpu_rows; explain percpu_rows.drift_pct.after'
# the trade-off over the constant: by default from 32 / 8 = 4 to 256 * 8 = 2048, doubling, both sides
# marked (1000000 / 32 = 31250 folds before, 3906 after); a range of one's own, by either name
$BL $P -p vm-4g -c 'tradeoff percpu_rows'
$BL $P -p vm-4g --format csv -c 'tradeoff percpu_rows over percpu_counter_batch 100 400 step 100'
# over a parameter: the after side as cpus moves, no mark on the curve, the before side off it
$BL $P -p vm-4g --format csv -c 'tradeoff percpu_rows over cpus 1 1024 x 4'
# a variant is a point of its own, its constant its knob value
$BL $P -p vm-4g -c 'variant percpu_rows v512 = 512; tradeoff percpu_rows over batch 256 1024 x 2'
# the release row: history lists it, the kernel side runs it (the release's max(32, 2 * cpus): 32)
$BL $P -p vm-4g -c 'history percpu_rows; get percpu_rows.batch.kernel percpu_rows.max_drift.kernel'
$BL $P -p vm-4g -c 'set kernel 3.10; explain percpu_rows.batch.kernel'
# the claims: 2 hold, 1 differs as the file expects, 1 outside
$BL $P -c 'about percpu_rows --claims'
$BL $P -c 'report percpu_rows' | sed -n '1,12p'
# the assumptions the report's figures rest on: the workload metric's assume line, in the text and in
# json (no values: words); and help tradeoff lists the file's trade-off after the built-ins'
$BL $P -c 'report percpu_rows' | sed -n '/^The assumptions/,/^$/p'
$BL $P --format json -c 'report percpu_rows' | jq -c '.results[0].rows[0].assumptions'
$BL $P -c 'help tradeoff' | sed -n '/^  - watermark:/,/^  Output/p'
# every result valid for its kind's schema, patch list and check included (docs/schema/patch.json)
cd "$HOME" || exit 1
cp "$OLDPWD/../data/percpu_rows.mmpatch" "$OLDPWD/../data/percpu_floor256.diff" .
$BL -P percpu_rows.mmpatch --format json -c 'patch list; patch check percpu_rows.mmpatch; show percpu_rows
	tradeoff percpu_rows; history percpu_rows; about percpu_rows --claims; report percpu_rows
	patch load percpu_rows.mmpatch; patch from percpu_floor256.diff' > r.json
/usr/bin/python3 "$OLDPWD/doc_check.py" json r.json | sed 's/^  \(show\|patch\|report\|about\|history\|tradeoff\): [0-9]* rows/  \1: N rows/'
# a chart of the trade-off and a plot of the real metric, as SVG files in this folder
$BL -P percpu_rows.mmpatch -c 'tradeoff percpu_rows > t.svg; plot percpu_rows.drift_pct over cpus 1 1024 > d.svg'
xmllint --noout t.svg d.svg && echo "both SVG files well-formed"
grep -o '>\(before\|after\)[^<]*<' t.svg
grep -c 'percpu_rows.drift_pct' d.svg
