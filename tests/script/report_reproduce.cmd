# report's last line, run by the shell, reproduces every number: what it prints is what `get`
# and `plot`, asked by hand on each preset, print. Every line of the report is <= 72 columns.
d=$(mktemp -d "$HOME/rep.XXXXXX")
trap 'rm -rf "$d"' EXIT
$BL -c 'report vmpressure on vm-4g huge-65536cpu' >"$d/report.txt"
awk 'length($0) > 72 { print "too wide: " $0 }' "$d/report.txt"
sed -n "/^batchlab -c '/,\$p" "$d/report.txt" | sed '1s|^batchlab |"$BL" |' >"$d/last.sh"
sh "$d/last.sh" >"$d/got.txt"
for p in vm-4g huge-65536cpu; do
	$BL -p $p -c 'get vmpressure.window vmpressure.evals vmpressure.eval_time_s vmpressure.eval_share
		get vmpressure.detect_pages vmpressure.detect_bytes vmpressure.detect_s vmpressure.window_share
		get vmpressure.reduction scanned chunk cgroup_size scan_rate vmpressure_win vmpressure_eval_ns'
done >"$d/want.txt"
$BL -p vm-4g -c 'plot vmpressure.window over ram 4G 1E --ascii --width 72' >>"$d/want.txt"
cmp "$d/want.txt" "$d/got.txt" && echo "the last line reproduces $(wc -l <"$d/want.txt") lines of get and plot"
# the table's figures by hand: vm-4g's evals 23242 -> 3873 (seed 004: 3877), huge-65536cpu's detect_pages
# 512 -> 16896 (33 windows' steps: fls(2^33 units of 128 MiB less the memmap) = 32, 512 * 33)
grep -c '23242 evals  3873 evals' "$d/report.txt"
grep -c '512 pages  16896 pages' "$d/report.txt"
# with two variants: the reproduce line defines them once (preset load keeps them) and gets them on each
# machine; by hand, vm-4g has 1032192 pages on 4 CPUs: 1032192 / 4 / 256 = 1008 before, / 4 = 64512
# after, a = 4096, b = 1032192 / 4 / 16 = 16128, times 4 CPUs times 4 KiB for max_drift_bytes
v='variant committed_as a = 4096
variant committed_as b = max(totalram / cpus / 16, max(2 * cpus, 32))'
$BL -c "$v
report committed_as on vm-4g laptop-8c-16g --width 60" >"$d/report2.txt"
awk 'length($0) > 60 { print "too wide: " $0 }' "$d/report2.txt"
sed -n "/^batchlab -c '/,\$p" "$d/report2.txt" | sed '1s|^batchlab |"$BL" |' >"$d/last2.sh"
# preset load's notes go to stderr: as many as ran before head closed the pipe, so kept aside
sh "$d/last2.sh" 2>"$d/notes2.txt" | head -4 >"$d/got2.txt"
$BL -p vm-4g -c "$v
get committed_as.batch committed_as.max_drift_bytes" >"$d/want2.txt"
head -2 "$d/got2.txt" | cmp - "$d/want2.txt" && echo "with variants too: $(cat "$d/want2.txt" | tr '\n' ' ')"
# > PATH inside the command writes the same text to the file (cmd_run's output options)
$BL -c "report vmpressure on vm-4g > $d/file.txt"
$BL -c 'report vmpressure on vm-4g' | cmp - "$d/file.txt" && echo "> PATH: the same report"
