# Issue 49: an enterprise kernel's figures are computed as mainline X.Y and may differ - said next to
# each figure: show's kernel column ('?', the legend says what), get --named, get's note per figure,
# explain, show zones (each row), host check (each value that differs), and json's kernel_caveat
k=4.18.0-553.el8_10.x86_64
$BL -c "set kernel $k; get kernel distro; get --named watermark.min.kernel pcp.high.kernel"
$BL -c "set kernel $k; get watermark.min.kernel"
$BL -c "set kernel $k; show watermark" | grep 'min \|? after'
$BL -c "set kernel $k; explain watermark.min.kernel" | grep 'every figure'
$BL --format json -c "set kernel $k; get watermark.min.kernel" | grep -o '"kernel_caveat": "[^"]*"'
$BL -c "set kernel 5.14.21-150500.55.39-default; get distro; set kernel 6.1; get distro"
# the same string through host: a saved folder whose osrelease is RHEL 8's
r=$HOME/el8; cp -r machines/fc-2cpu-6.18 $r; echo $k > $r/proc/sys/kernel/osrelease; rm -f $r/proc/version_signature
echo '#1 SMP Thu Mar 7 06:53:03 EST 2024' > $r/proc/sys/kernel/version
$BL -c "host $r; get kernel distro; show zones" | sed -n '/^kernel/p;/^distro/p;/^rhel/p;/^4.18/p;/^zones:/,$p'
$BL -c "host check $r" > $HOME/hc; echo "status $?"; grep 'every figure\|MISMATCH' $HOME/hc | head -2
# a view line and a preset keep it
l=$($BL -c "set kernel $k; state" | tail -1); echo "$l"
$BL -c "state $l; get distro"
# csv, whose readers drop comment lines, carries it as a last column kernel_caveat on every row (get,
# show, show zones, explain, host check), its units field empty; json and jsonl as a head field valid
# for each kind's schema; a mainline kernel's csv and json have neither
py=/usr/bin/python3 chk=$(pwd)/doc_check.py
$BL --format csv -c "set kernel $k; get watermark.min.kernel cpus; show zones" 2>/dev/null | sed -n '1,3p;6,7p'
$BL --format csv -c "set kernel $k; show watermark; explain watermark.min.kernel; host check $r" 2>/dev/null > $HOME/c.csv
$py $chk csv $HOME/c.csv; grep -c ',"computed as mainline 4.18 (a RHEL [^"]*), may differ"$' $HOME/c.csv
$BL --format csv --units -c "set kernel $k; show zones" 2>/dev/null > $HOME/u.csv; $py $chk units $HOME/u.csv | sed -n '1p;$p'
$BL --format json -c "set kernel $k; get cpus; show watermark; show zones; explain watermark.min.kernel; host check $r" 2>/dev/null > $HOME/c.json
$py $chk json $HOME/c.json | sed 's/[0-9]* rows, [0-9]* units/N rows/'; grep -c '"kernel_caveat": "computed as mainline 4.18' $HOME/c.json
$BL --format jsonl -c "set kernel $k; show zones" 2>/dev/null > $HOME/c.jsonl; $py $chk jsonl $HOME/c.jsonl
echo "mainline 4.18: $( ($BL --format csv -c "set kernel 4.18; get cpus; show zones"
	$BL --format json -c "set kernel 4.18; get cpus; show zones") | grep -c caveat) lines name a caveat"
k1=4.18.0-147.el8
# a sweep too (RHEL 8.1: no tabled backport), in every format: its table a line above the heads, csv's column on every row however the
# rows are written (runs of equal rows over totalram, counted keys over cpus, list columns) - the same
# rows as mainline 4.18's with the column added; over kernel each row's release, over distro its rows
for s in "sweep totalram 1000000p 1100000p step 1 committed_as.batch pcp.batch" "sweep cpus 1 4096 memcg_charge.batch" "sweep reclaim 1G 3G step 1G proactive_reclaim.asks"; do
	$BL --format csv -c "set kernel 4.18; $s" 2>/dev/null | sed '1s/$/,kernel_caveat/;2,$s/$/,"computed as mainline 4.18 (a RHEL kernel), may differ"/' > $HOME/m.csv
	$BL --format csv -c "set kernel $k1; $s" 2>/dev/null > $HOME/e.csv
	cmp -s $HOME/m.csv $HOME/e.csv && echo "${s%% [0-9]*}: $(($(wc -l < $HOME/e.csv) - 1)) rows, each with the caveat" || echo "${s%% [0-9]*}: differs"
done
$BL -c "set kernel $k1; sweep cpus 1 2 committed_as.batch.kernel" 2>/dev/null
$BL --format csv -c "set kernel $k1; sweep kernel 5.10 5.11 committed_as.batch.kernel; sweep distro mainline rhel committed_as.batch.kernel" 2>/dev/null
$BL --format json -c "set kernel $k1; sweep cpus 1 2 committed_as.batch.kernel" 2>/dev/null > $HOME/s.json; $py $chk json $HOME/s.json | sed 's/[0-9]* rows, [0-9]* units/N rows/'; grep -c '"kernel_caveat": "computed as mainline 4.18' $HOME/s.json
$BL --format jsonl -c "set kernel $k1; sweep cpus 1 2 committed_as.batch.kernel" 2>/dev/null > $HOME/s.jsonl; $py $chk jsonl $HOME/s.jsonl; grep -c '"kernel_caveat"' $HOME/s.jsonl
# where, plot and tradeoff too: csv's column, json's field valid for each kind, the text beside the machine
$BL --format csv -c "set kernel $k1; where committed_as.batch.kernel > 100000 over cpus 1 64; plot committed_as.batch over cpus 1 3; tradeoff committed_as" 2>/dev/null > $HOME/w.csv
$py $chk csv $HOME/w.csv; echo "$(grep -c ',"computed as mainline 4.18 (a RHEL kernel), may differ"$' $HOME/w.csv) csv rows with the caveat"
$BL --format json -c "set kernel $k1; where committed_as.batch.kernel > 100000 over cpus 1 64; where memcg_charge.batch > 40 over kernel 4.14 6.1; plot committed_as.batch over cpus 1 3; tradeoff committed_as" 2>/dev/null > $HOME/w.json
$py $chk json $HOME/w.json | sed 's/[0-9]* rows, [0-9]* units/N rows/'; grep -o '"kernel_caveat": "[^"]*"' $HOME/w.json | sort | uniq -c
$BL -c "set kernel $k1; where committed_as.batch.kernel > 100000 over cpus 1 64; plot committed_as.batch over cpus 1 64" 2>/dev/null | grep -A1 'kernel figures\|machine:' | head -6
echo "svg: $($BL -c "set kernel $k1; plot committed_as.batch over cpus 1 64 --format svg" 2>/dev/null | grep -c 'kernel figures computed as mainline 4.18')"
echo "mainline 4.18: $($BL --format csv -c "set kernel 4.18; where committed_as.batch.kernel > 100000 over cpus 1 64; plot committed_as.batch over cpus 1 3; tradeoff committed_as; sweep cpus 1 3 committed_as.batch" 2>/dev/null | grep -c caveat) lines name a caveat"
