# Issue 22: help says what a command does - its whole semantics, from its row in lang/cmd.c
# (the man page's COMMANDS section prints the same). Each fact is checked against what the
# command does: the default steps of a sweep, the log axis of plot, the row limits, the --width
# range, where's monotone assumption and its scan fallback.
has() { if printf '%s\n' "$1" | tr '\n' ' ' | tr -s ' ' | grep -qF -- "$2"; then echo "$3: yes"; else echo "$3: MISSING ($2)"; fi; }
h=$($BL -c 'help sweep')
has "$h" "a count (cpus, threads, depth) goes up by 1" "sweep: counts +1"
$BL --format csv -c 'sweep cpus 3 5 vmstat.threshold' | cut -d, -f1 | tr '\n' ' '; echo
has "$h" "doubles from FROM" "sweep: sizes doubling"
$BL --format csv -c 'sweep ram 1G 8G vmstat.threshold' | cut -d, -f1 | tr '\n' ' '; echo
has "$h" "at most 10000000 rows" "sweep: the row limit"
$BL -c 'sweep reclaim 1 1T step 1 vmstat.threshold' 2>&1 | sed 's/^batchlab: -c: //'
has "$h" "holds at most 100000 rows" "sweep: the view's limit"
has "$h" "(24..1000)" "sweep: the --width range"
h=$($BL -c 'help plot')
has "$h" "on a log axis when TO is 64 times FROM or more" "plot: log sampling"
has "$h" "at most 1048576" "plot: the point limit"
has "$h" "(24..1000;" "plot: the --width range"
h=$($BL -c 'help where')
has "$h" "assumes the metric only rises or only falls" "where: the monotone assumption"
has "$h" "at most 65536 values is tried one value after another" "where: the scan fallback"
h=$($BL -c 'help tradeoff')
has "$h" "- vmpressure: vmpressure_win from 512 to 65536 x 2; benefit vmpressure.evals, cost vmpressure.detect_s" "tradeoff: its defaults"
$BL --format csv -c 'tradeoff vmpressure' | sed -n '2p;$p' | cut -d, -f1
h=$($BL -c 'help variant')
has "$h" "At most 4 per patch" "variant: the limit"
# the man page says the same, from the same rows
has "$(cat "$(dirname "$0")/../../man/batchlab.1" 2>/dev/null || cat ../../man/batchlab.1)" "goes up by 1" "man: sweep's steps"
# help with --width wraps it, every line within
$BL -c 'help where --width 40' | awk 'length($0) > 40 { n++ } END { print "help where --width 40: " (n ? n " lines too long" : "every line within 40") }'
# every command that prints says it takes the output options; one that does not, does not
has "$($BL -c 'help show')" "--width N (24..1000 columns)" "show: the output options"
has "$($BL -c 'help explain')" "> PATH or --output PATH" "explain: the output options"
$BL -c 'help reset' | grep -c 'Output options' | sed 's/^/reset: output options told: /'
