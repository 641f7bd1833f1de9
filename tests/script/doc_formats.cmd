# Issue 24: jsonl line by line, csv tables split at '# COMMAND', --units read by pandas, typed json
# over a sweep of every metric with variants that go n/a, and the size of a whole-patch sweep.
. "$(dirname "$0")/names.sh" # the patch, preset and release lists by name (issue 37)
py=/usr/bin/python3 chk=$(pwd)/doc_check.py data=$(pwd)/../data
cd "$HOME" || exit 1 # every file the test writes is in its own folder
# jsonl: a head line per result, then a line per row (3 values; 4 rows of ram 1G..8G; 2 sides;
# a report is one object, on one line)
$BL --format jsonl -c 'get cpus vmpressure.window; sweep ram 1G 8G vmpressure.window; explain committed_as.batch
	report vmpressure' > l.jsonl
$py $chk jsonl l.jsonl
jq -c 'select(has("head") | not) | .["vmpressure.window.after"] // empty' l.jsonl | tr '\n' ' '; echo
# csv: one table a command, the second and later after a blank line and '# COMMAND'
$BL --format csv -c 'get cpus; sweep cpus 1 3 vmstat.threshold; where vmstat.threshold >= 100 over cpus 1 64' > t.csv
$py $chk csv t.csv
grep -n '^# ' t.csv
# one command prints its table as it always did: no '#' line, first line the header
$BL --format csv -c 'sweep ram 1G 2G vmpressure.window' | head -1
# --units: a '# units:' line above the header, which pandas skips (comment='#'); the units it names
$BL --format csv --units -c 'sweep cpus 1 4 committed_as.batch memcg_charge.throughput.after' > u.csv
$py $chk units u.csv
# every metric of every patch over cpus 1..4, with variants n/a somewhere: 64 / (cpus - 1) divides by
# zero at cpus = 1 (n/a on every one of memcg_charge's 10 two-sided metrics); cpus - 3 goes below
# zero at cpus 1 and 2 (on committed_as's 8 two-sided metrics); commit_limit_error_pct is n/a on
# every side unless overcommit is never (before, after, the variant's, the kernel's; 4 rows):
# 10 + 2 * 7 + 4 * 4 = 40 nulls
$BL --format json -c 'variant memcg_charge odd = 64 / (cpus - 1); variant committed_as neg = cpus - 3
	sweep cpus 1 4 memcg_charge proactive_reclaim committed_as vmpressure vmstat' > every.json 2>notes.txt
$py $chk typed every.json
jq '[.results[0].rows[] | to_entries[] | select((.key | test(":(na|inf)$") | not) and (.value | type) == "string")] | length' every.json
# the columns that do not read cpus are named once, on one line
wc -l < notes.txt; grep -c 'vmpressure.window,' notes.txt
# PATCH, PATCH.* and PATCH.SIDE: every metric, in help metrics order (the columns' metric names,
# each once, against help's list; PATCH.after's columns all .after but the single-valued one)
want=$($BL -c 'help metrics' | sed -n 's/^    \(vmpressure\.[a-z_]*\) .*/\1/p' | tr '\n' ' ')
names() { head -1 | tr ',' '\n' | sed 1d | sed 's/\.\(before\|after\|kernel\)$//' | uniq | tr '\n' ' '; }
for w in vmpressure 'vmpressure.*' vmpressure.after; do
	got=$($BL --format csv -c "sweep cpus 1 1 $w" 2>/dev/null | names)
	[ "$got" = "$want" ] && echo "$w: every metric, in help metrics order" || echo "$w: $got (want $want)"
done
$BL --format csv -c 'sweep cpus 1 1 vmpressure.after' 2>/dev/null | head -1 | tr ',' '\n' | sed 1d | grep -cv '\.after$'
$BL --format csv -c 'sweep cpus 1 1 vmpressure.reduction' 2>/dev/null | head -1
# the paper figure: all four patches over cpus 1..4096 stays under 5 MB of csv with lists summarised;
# with --lists full one row of proactive_reclaim.asks.cluster alone holds 8192 asks
$BL --format csv -c 'sweep cpus 1 4096 memcg_charge proactive_reclaim committed_as vmpressure' 2>/dev/null | wc -c |
	awk '{ print ($1 < 5000000 ? "under 5 MB" : "OVER 5 MB: " $1) }'
$BL --lists full --format csv -c 'sweep cpus 1 1 proactive_reclaim.asks.cluster' | sed -n 2p | tr ' ' '\n' | wc -l
# a word that is neither a metric nor a patch says both are taken
$BL -c 'sweep cpus 1 2 nosuch' 2>&1; echo "exit $?"
