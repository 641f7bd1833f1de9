#!/bin/sh
# Issue 53: every command that walks rows (sweep, where, expect, plot; compare, show on, report and
# host check below) on a terminal: past ten seconds
# its estimate is said before the first row, past two its progress line (rows done, percent, rate, time
# left) is drawn on stderr; Ctrl-C stops it after a whole row, the line is erased, the file written so
# far is whole and the terminal's settings are as they were. Rows of committed_as.throughput at 65536
# CPUs solve a large model (about half a millisecond each here): minutes of them, stopped in seconds.
# usage: tests/tmux/walk.sh ./batchlab
set -u
here=$(cd "$(dirname "$0")" && pwd)
NAME=walk
. "$here/private_tmux.sh"

screen() { tmux -L $S capture-pane -p -J -t walk 2>/dev/null; } # a wrapped line whole
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $name: $1"; screen | grep -v '^ *$' | sed 's/^/  | /' | tail -8; }
# wait up to N tenths of a second (times G) for a screen line matching $2
screen_has() { screen | grep -qE -- "$1"; }
wait_re() { poll "$1" screen_has "$2"; }

walk() {
	cmd=$1 out=$2
	name="$cmd on a terminal: estimate, progress line, Ctrl-C"
	rm -f "$tmp/rc" "$tmp/stty.before" "$tmp/stty.after"
	# stdout to a file (a sweep's rows never share the terminal with its line); stderr the terminal
	tmux -L $S -f /dev/null new-session -d -s walk -x 100 -y 30 \
		"cd '$tmp' && stty -g > stty.before; '$BL' -c 'set cpus 65536 mmap 1G; $cmd --long $out'; echo \"exit=\$?\" > rc.part; stty -g > stty.after; mv rc.part rc; exec sleep 60"
	verb=${cmd%% *}
	wait_re 300 "^$verb: [0-9]+ rows, about .* \(estimated: [0-9]+ solves at about .* ms each[^)]*\); Ctrl-C stops it" ||
		{ bad "no estimate before the first row"; tmux -L $S kill-session -t walk; return; }
	wait_re 300 "^$verb: [0-9.]+k? of [0-9.]+k rows +[0-9]+%  [0-9.]+k? rows/s  [0-9]+:[0-9][0-9]:[0-9][0-9] left" ||
		{ bad "no progress line"; tmux -L $S kill-session -t walk; return; }
	tmux -L $S send-keys -t walk C-c
	wait_re 100 "interrupted after [0-9]+ of [0-9]+" || { bad "Ctrl-C did not stop it"; tmux -L $S kill-session -t walk; return; }
	poll 50 test -s "$tmp/rc"
	grep -qx "exit=1" "$tmp/rc" || { bad "exit status $(cat "$tmp/rc" 2>/dev/null)"; tmux -L $S kill-session -t walk; return; }
	if screen | grep -q 'rows/s'; then bad "the progress line was left on the screen"
	elif ! cmp -s "$tmp/stty.before" "$tmp/stty.after"; then bad "the terminal's settings changed"
	else ok; fi
	tmux -L $S kill-session -t walk 2>/dev/null
}

walk 'sweep committed_lock_ns 1 500 step 0.001 committed_as.throughput' "> $tmp/rows.csv"
# what was written is whole: the header and every row with its fields, the last ended by its newline
name="sweep stopped by Ctrl-C: the file is whole"
if [ -s "$tmp/rows.csv" ] && [ "$(tail -c 1 "$tmp/rows.csv" | od -An -c | tr -d ' ')" = '\n' ] &&
   awk -F, 'NR == 1 { n = NF } NF != n { exit 1 }' "$tmp/rows.csv" && [ "$(wc -l <"$tmp/rows.csv")" -gt 1 ]; then ok; else bad "rows.csv: $(tail -c 80 "$tmp/rows.csv")"; fi
walk 'where committed_as.throughput < 1 over committed_lock_ns 1 500 step 0.001' ''
walk 'expect committed_as.throughput > 1 over committed_lock_ns 1 500 step 0.001' ''
walk 'plot committed_as.throughput over committed_lock_ns 1 500 step 0.001' "> $tmp/chart.txt"
name="plot stopped by Ctrl-C: no chart replaces the file"
if [ ! -e "$tmp/chart.txt" ]; then ok; else bad "chart.txt written"; fi

# compare, show on, report and host check walk tables, machines and zones: BATCHLAB_WALK_SLOWER times
# every walk's clock, so a walk of milliseconds is estimated and shown as one of minutes would be. On a pty
# (script(1), its bytes kept raw): the estimate before the first unit, the progress line, erased at the end,
# and the output the same as the command's without the knob. Without --long, refused with nothing printed.
units() {
	cmd=$1 verb=$2 unit=$3
	name="$cmd: estimate, refusal without --long, progress line on a pty"
	BATCHLAB_WALK_SLOWER=1e6 "$BL" -c "$cmd" >"$tmp/u.out" 2>"$tmp/u.err"
	st=$?
	if [ $st != 1 ] || [ -s "$tmp/u.out" ] ||
	   ! grep -qE "^batchlab: -c: $verb: [0-9]+ $unit would take about .*add --long to run it" "$tmp/u.err"; then
		bad "status $st, not refused: $(cat "$tmp/u.err")"; return
	fi
	"$BL" -c "$cmd" >"$tmp/plain.out" 2>/dev/null
	rm -f "$tmp/raw"
	BATCHLAB_WALK_SLOWER=1e6 script -qec "'$BL' -c '$cmd --long' > '$tmp/u.out'" "$tmp/raw" >/dev/null 2>&1
	# the estimate's line, then each redraw after a carriage return; the last redraw blanked
	if ! grep -qaE "^$verb: [0-9]+ $unit, about .* \(estimated: [0-9]+ solves at about .* ms each\); Ctrl-C stops it" "$tmp/raw"; then
		bad "no estimate: $(head -c 300 "$tmp/raw" | od -c | head -3)"
	elif ! tr '\r' '\n' <"$tmp/raw" | grep -qaE "^$verb: [0-9]+ of [0-9]+ $unit +[0-9]+%  [0-9.e+-]+ $unit/s  [0-9]+:[0-9][0-9]:[0-9][0-9] left"; then
		bad "no progress line: $(tr '\r' '\n' <"$tmp/raw" | head -3)"
	elif ! tr '\r' '\n' <"$tmp/raw" | grep -qaE '^ {20,}$'; then
		bad "the progress line was not erased"
	elif ! cmp -s "$tmp/u.out" "$tmp/plain.out"; then
		bad "the output differs from the same command's without the knob"
	else ok; fi
}
if command -v script >/dev/null; then
	units 'compare huge-65536cpu server-8s-1024c-8t epyc-9654-2s-384t' compare tables
	units 'show committed_as on huge-65536cpu server-8s-1024c-8t' show 'tables?'
	units 'report committed_as on huge-65536cpu server-8s-1024c-8t epyc-9654-2s-384t' report machines
	units "host check $here/../script/machines/numa2-cpuless" 'host check' zones
else
	echo "tmux-walk: script(1) not installed: compare, report and host check not driven on a pty"
fi

echo "tmux-walk: $pass passed, $fail failed"
[ $fail = 0 ]
