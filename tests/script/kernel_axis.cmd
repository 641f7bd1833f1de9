# Over kernel, the axis is the releases as sweep names them, and the kernel side is the curve.
# Expected: MEMCG_CHARGE_BATCH 32U in 6.0.1, 64U from 6.1-rc7 (and 6.1.104, 6.2 after it).
[ "$($BL --format csv -c 'plot memcg_charge.batch over kernel 6.0 6.2' | tr '\n' ' ')" = "kernel,release's code 6.0,32 6.1,64 6.1.104,64 6.2,64 " ] && echo "plot csv: releases, the kernel side"
$BL --format json -c 'plot memcg_charge.batch over kernel 6.0 6.1' | grep -c '"kernel": "6.0", "release'"'"'s code": 32'
# the text chart and the picture label their x axis with release names, never an index (13.5)
$BL -c 'plot memcg_charge.batch over kernel 6.0 6.5 --width 80' | grep -c '6\.0 .* 6\.1\.104 .* 6\.5'
$BL -c 'plot memcg_charge.batch over kernel 6.0 6.5 --width 80' | grep -c '13\.5' || :
d=$HOME/svg; mkdir -p $d
$BL -c "plot memcg_charge.batch over kernel 6.0 6.5 > $d/k.svg" >/dev/null
grep -c '>6\.1\.104<' $d/k.svg
grep -c '>13\.5<' $d/k.svg || :
# a side named over kernel is that side
[ "$($BL --format csv -c 'plot memcg_charge.batch.after over kernel 6.0 6.1' | tail -1)" = "6.1,64" ] && echo "after named: after"
# tradeoff over kernel: each row is that release's code; stock_share doubles with the batch at 6.1
set -- $($BL --format csv -c 'tradeoff memcg_charge over kernel 6.0 6.1' | awk -F, 'NR > 1 { print $1, $3 }')
[ "$1" = 6.0 ] && [ "$3" = 6.1 ] && awk "BEGIN { exit !($4 == 2 * $2) }" && echo "tradeoff: 6.0 then 6.1, the share x2"
# malformed kernel sweeps: an error about the kernel axis, status 1
for c in 'sweep kernel 6.1 6.5 memcg_charge.batch step 1' 'sweep kernel 6.1 6.5 step 1 memcg_charge.batch' \
	'sweep kernel 6.5 6.1 memcg_charge.batch' 'sweep kernel 6.1 5.20 memcg_charge.batch' 'sweep kernel 2.6 6.1 memcg_charge.batch' 'where memcg_charge.batch > 32 over kernel 3.10 6.18 x 2'; do
	$BL -c "$c" >/dev/null 2>$HOME/err; echo "status $?, kernel named: $(grep -c 'kernel: ' $HOME/err)"
done
# every release from FROM to TO, the stable states among them; the 6.6.45 backport caps the drain, 6.7 does not
$BL --format csv -c 'set zone 4194304p; sweep kernel 6.6 6.8 vmstat.pcp_drain_max.kernel' | tr '\n' ' '; echo
echo "expect 6.6 n/a, 6.6.45 and 6.6.117 $((63 << 5)), 6.7 and 6.8 n/a"
