# Issue 24: a run's stdout is one JSON document, read back by python's json module and by jq, and
# every result valid for its kind's schema (docs/schema/). Runs of 1, 2 and 10 commands mixing
# get, show, sweep, where and explain: as many results as commands that print (set prints none).
py=/usr/bin/python3 chk=$(pwd)/doc_check.py data=$(pwd)/../data
cd "$HOME" || exit 1 # every file the test writes is in its own folder
# rows that follow the tables (every parameter, every metric, this host) are counted as N
tables='s/^  \(show\|help\|preset\|host\|plot\|tradeoff\|history\|compare\|report\): [0-9]* rows, [0-9]* units/  \1: N rows/'
$BL --format json -c 'sweep cpus 1 4 committed_as.batch' > one.json; $py $chk json one.json
$BL --format json -c 'get cpus vmpressure.window; explain vmstat.threshold' > two.json; $py $chk json two.json
$BL --format json -c 'get cpus; show vmpressure; sweep ram 1G 8G vmpressure.window; where vmpressure.window.after > 4096 over ram 1G 1T
	explain memcg_charge.batch; set cpus 8; get committed_as.batch; show machine; sweep cpus 1 3 committed_as.batch
	where committed_as.batch.before >= 1000 over cpus 1 64' > ten.json; $py $chk json ten.json | sed "$tables"
# jq reads the same document: 9 results, the commands as typed, rows by name
jq '.results | length' ten.json
jq -r '.results[].command' ten.json
jq '.results[2].rows | map(.["vmpressure.window.after"])' -c ten.json
# every other kind: about, help (commands, parameters, metrics), preset list, host, host check,
# plot's points, tradeoff, variant list, format, history, compare, report - each valid for its schema
r=$data/../script/machines/numa2-cpuless
BATCHLAB_SYSROOT=$r $BL --format json -c 'about vmstat; about memcg_charge; help; help set; help metrics; preset list
	plot vmpressure.window over ram 1G 8G; tradeoff vmpressure; variant memcg_charge big = 128; variant list
	format; host check; host; show zones; show zones pcp; history vmpressure; compare vm-4g huge-65536cpu; report vmpressure' > kinds.json; echo "status $?"; $py $chk json kinds.json | sed "$tables"
# a failing command leaves the document whole: the results before it, closed
$BL --format json -c 'get cpus; get nosuch; get ram' > fail.json; echo "status $?"; $py $chk json fail.json
# a file sourced inside a run: its results are the run's, in the one document (2 + 2)
printf 'get cpus\nget ram\n' > two.bl
$BL --format json -c 'get pagesize; source two.bl; get swap' > src.json; $py $chk json src.json
# a > PATH ending .jsonl writes jsonl
$BL -c 'sweep cpus 1 2 vmstat.threshold > s.jsonl'; $py $chk jsonl s.jsonl
# --format json inside a run switched by `format`: the json document is closed before the csv
$BL -c 'format json; get cpus; format csv; get ram' | sed -n '1,6p'
# report's one row nests its objects (records.h): the constant with a variant, the machines, the chart,
# the claims - valid for report.json, whose every level refuses a key it does not name, as json and jsonl
$BL --format json -c 'variant vmpressure odd = 64 / (cpus - 1); report vmpressure on vm-4g huge-65536cpu' > rep.json; $py $chk json rep.json
jq -c '.results[0].rows[0] | [.constant.variants[0].name, (.machines | length), .machines[0].cpus, .chart.over, (.claims | length > 0)]' rep.json
$BL -c 'report memcg_charge > rep.jsonl'; $py $chk jsonl rep.jsonl
# one preset named twice: the assumptions keyed by machine name it once (the checker refuses a key twice)
$BL --format json -c 'report vmpressure on vm-4g vm-4g' > twice.json; $py $chk json twice.json
