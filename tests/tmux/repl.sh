#!/bin/sh
# The readline prompt in a real terminal: completion from the tables, history
# across runs, errors that keep the prompt, Ctrl-C, and Ctrl-D / quit ending
# with status 0. A private tmux server, a fixed size, polling with a timeout.
# usage: tests/tmux/repl.sh ./batchlab
set -u
here=$(cd "$(dirname "$0")" && pwd)
NAME=repl
. "$here/private_tmux.sh"

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1"; screen | sed 's/^/  | /' | grep -v '^  | $' | tail -12; }
screen() { tmux -L $S capture-pane -p -t repl 2>/dev/null; }
# the prompt's current (last non-blank) line
current() { screen | grep -v '^ *$' | tail -1; }
# wait up to 5 s (times G) for a screen line that is exactly $1 (trailing blanks aside)
line_shown() { screen | sed 's/ *$//' | grep -qxF -- "$1"; }
wait_line() { poll 50 line_shown "$1"; }
re_shown() { screen | grep -q -- "$1"; }
wait_line_re() { poll 50 re_shown "$1"; }
is_current() { [ "$(current | sed 's/ *$//')" = "$1" ]; }
wait_current() { poll 50 is_current "$1"; }
wait_exit() { poll 50 test -s "$tmp/rc"; }
check() { if "$@"; then ok; else bad "$name: $*"; fi; }
keys() { tmux -L $S send-keys -t repl "$@"; }
start() {
	rm -f "$tmp/rc"
	tmux -L $S -f /dev/null new-session -d -s repl -x 100 -y 30 \
		"env HOME='$tmp' XDG_STATE_HOME='$tmp/state' XDG_CONFIG_HOME='$tmp/config' INPUTRC=/dev/null \
		 BATCHLAB_PRESETS='$here/../../presets' BATCHLAB_LESSONS='$here/../../lessons' '$BL' --repl; echo \"exit=\$?\" > '$tmp/rc'"
	wait_current "batchlab>"
}

name="prompt"
check start

name="the prompt says how to get help when it starts, wrapped once at the terminal's 100 columns"
check wait_line "batchlab 1.0.0: 'help' lists the commands; 'help TOPIC' explains a command, key, patch or metric."
check wait_line "Tab completes; 'quit' or Ctrl-D leaves."

name="complete a key: set cp<Tab>"
keys 'set cp' Tab
check wait_current "batchlab> set cpus"
keys '8' Enter
check wait_current "batchlab>"

name="complete a choice: overcommit n<Tab>"
keys 'set overcommit n' Tab
check wait_current "batchlab> set overcommit never"
keys Enter
check wait_current "batchlab>"

name="complete a metric one dot level at a time"
keys 'explain vmp' Tab
check wait_current "batchlab> explain vmpressure."
keys 'window.a' Tab
check wait_current "batchlab> explain vmpressure.window.after"
# default ram 256G: totalram 66060288 pages, >> 15 = 2016, fls 11: 512 * 12
keys Enter
check wait_line "  32 * 16 * 12 = 6144"

name="the commands ran"
keys 'get cpus overcommit' Enter
check wait_line "never"
check wait_current "batchlab>"

name="Up recalls history"
keys Up
check wait_current "batchlab> get cpus overcommit"
keys C-u

name="an error prints and the prompt goes on"
keys 'frob' Enter
check wait_line "batchlab: repl:5: unknown command 'frob' (see 'help')"
check wait_current "batchlab>"

name="complete inside a variant's expression: names and functions"
keys 'variant memcg_charge scaled = cl' Tab
check wait_current "batchlab> variant memcg_charge scaled = clamp("
keys '2 * cp' Tab
check wait_current "batchlab> variant memcg_charge scaled = clamp(2 * cpus"
keys C-h ', 32, 127)' Enter
# the next line typed once the prompt is back: typed while the variant is being made, the tty
# (not readline) would echo it, Tab and all, and the completion be judged on that echo
check wait_current "batchlab>"
keys 'get memcg_charge.batch.sc' Tab
check wait_current "batchlab> get memcg_charge.batch.scaled"
# 8 CPUs (set above): clamp(16, 32, 127)
keys Enter
check wait_line "32"
check wait_current "batchlab>"

name="Ctrl-C drops the line"
keys 'set cpus 99'
check wait_current "batchlab> set cpus 99"
keys C-c
check wait_current "batchlab>"
keys 'get cpus' Enter
check wait_line "8"

name="Ctrl-D ends with status 0"
keys C-d
check wait_exit
check grep -qx "exit=0" "$tmp/rc"
check grep -qx "set overcommit never" "$tmp/state/batchlab/history"

name="history persists across runs; quit ends with status 0"
check start
keys Up
check wait_current "batchlab> get cpus"
keys C-u 'quit' Enter
check wait_exit
check grep -qx "exit=0" "$tmp/rc"

name="history is bounded (1000 lines)"
i=0; while [ $i -lt 1500 ]; do echo "get cpus # $i"; i=$((i + 1)); done >> "$tmp/state/batchlab/history"
check start
keys 'quit' Enter
check wait_exit
check [ "$(wc -l < "$tmp/state/batchlab/history")" -le 1000 ]
check grep -qx "quit" "$tmp/state/batchlab/history"

# Issue 11: every signal whose default action ends the process puts the terminal back as it was
# before readline took it (tty modes compared with stty -g), then ends the process as the signal would.
cat >"$tmp/guard.sh" <<EOS
stty -g >"$tmp/stty.before"
sh -c 'echo \$\$ >"$tmp/pid"; exec "\$@"' sh "$BL" --repl
echo "exit=\$?" >"$tmp/rc.tmp"
stty -g >"$tmp/stty.after"
mv "$tmp/rc.tmp" "$tmp/rc"
exec sleep 60
EOS
start_guarded() {
	rm -f "$tmp/rc" "$tmp/pid" "$tmp/stty.before" "$tmp/stty.after"
	tmux -L $S -f /dev/null new-session -d -s repl -x 100 -y 30 \
		"env HOME='$tmp' XDG_STATE_HOME='$tmp/state' XDG_CONFIG_HOME='$tmp/config' INPUTRC=/dev/null \
		 BATCHLAB_PRESETS='$here/../../presets' sh '$tmp/guard.sh'"
	wait_current "batchlab>"
}
for sig in USR1:138 PIPE:141 TERM:143; do
	name="SIG${sig%:*} restores the terminal (status ${sig#*:})"
	check start_guarded
	keys 'set cp'
	check wait_current "batchlab> set cp"
	kill -${sig%:*} "$(cat "$tmp/pid")"
	check wait_exit
	check grep -qx "exit=${sig#*:}" "$tmp/rc"
	check cmp -s "$tmp/stty.before" "$tmp/stty.after"
	tmux -L $S kill-session -t repl 2>/dev/null
done

# Issue 21: a signal whose default ends the process but which the prompt did not catch before
# (SIGPWR, SIGIO) arrives while a sweep writes a file: the hidden temporary goes with the process,
# the terminal is restored, the status is the signal's. (8 minutes of rows: it is still writing.)
writing() { ls -A "$tmp/run" | grep -q '^\.out\.csv\.'; }
for sig in PWR:158 IO:157; do
	name="SIG${sig%:*} during a sweep > FILE at the prompt leaves no temporary (status ${sig#*:})"
	rm -rf "$tmp/run" && mkdir "$tmp/run"
	check start_guarded
	keys 'set cpus 65536 mmap 1G' Enter "sweep committed_lock_ns 1 500 step 0.001 committed_as.throughput --long > $tmp/run/out.csv" Enter
	check poll 100 writing
	kill -${sig%:*} "$(cat "$tmp/pid")"
	check wait_exit
	check grep -qx "exit=${sig#*:}" "$tmp/rc"
	check cmp -s "$tmp/stty.before" "$tmp/stty.after"
	check [ -z "$(ls -A "$tmp/run")" ]
	tmux -L $S kill-session -t repl 2>/dev/null
done

# Issue 11: a FIFO (or any node) where the history file goes is refused, not opened: no hang, no history
name="a FIFO as the history file: said, and the prompt works without history"
mkdir -p "$tmp/state/batchlab" && rm -f "$tmp/state/batchlab/history" && mkfifo "$tmp/state/batchlab/history"
check start
check wait_line_re 'batchlab: history file .*/history: not a regular file'
keys 'quit' Enter
check wait_exit
check grep -qx "exit=0" "$tmp/rc"
check test -p "$tmp/state/batchlab/history"
rm -f "$tmp/state/batchlab/history"

# Issue 25: a lesson at the prompt asks on an answer> line (the terminal echoes the reply, not batchlab
# again), judges it (the committed_as batch after the patch on 16 CPUs of the default machine's memory:
# 66060288 / 16 / 4 = 1032192 pages; 258048 is the default 64 CPUs' batch, which the step explained),
# and waits for Enter between steps.
name=lesson_prompt
start
keys 'lesson committed_as' Enter
check wait_current "answer>"
keys 4000 Enter
check wait_line_re '^  not quite: too small'
keys 1032192 Enter
check wait_line_re '^  right\.$'
check wait_line_re '^(Enter: the next step)'
refuse_echo() { ! screen | grep -q '^> 1032192'; }
check refuse_echo
keys Enter
check wait_line_re '^== Step 2 of 4: What the patch gains =='
keys C-d
keys C-d
tmux -L $S kill-session -t repl 2>/dev/null

# Issue 11: a sweep whose rows need a large model solve and that would run over a minute says its
# estimated time before the bulk of it runs (stderr a terminal); Ctrl-C then stops it cleanly.
name="a sweep of over a minute states its estimated time; Ctrl-C stops it"
rm -f "$tmp/rc"
tmux -L $S -f /dev/null new-session -d -s repl -x 160 -y 30 \
	"'$BL' -c 'set cpus 65536 mmap 1G; sweep committed_lock_ns 1 500 step 0.001 committed_as.throughput --long > $tmp/est.csv'; echo \"exit=\$?\" > '$tmp/rc'; exec sleep 60"
# the rest of the line may wrap
estimated() { screen | grep -q '^sweep: 499001 rows, about .* (estimated: 499001 solves at about .* ms each'; }
check poll 100 estimated
keys C-c
check wait_exit
check grep -qx "exit=1" "$tmp/rc"
check wait_line_re 'batchlab: -c:2: sweep: interrupted after [0-9]* of 499001 rows'
tmux -L $S kill-session -t repl 2>/dev/null

# Issue 34, item 9: a history file holding binary data is no history: refused with a message, left
# byte for byte as it was (no line appended to it at quit)
name="a binary history file is refused, and left untouched"
mv "$tmp/state/batchlab/history" "$tmp/history.kept" 2>/dev/null
printf 'get cpus\n\000\001\002 binary\n' >"$tmp/state/batchlab/history" && cp "$tmp/state/batchlab/history" "$tmp/history.bin"
check start
joined_shows() { tmux -L $S capture-pane -p -J -t repl 2>/dev/null | grep -q -- "$1"; } # a wrapped line whole
check joined_shows "history file .*/history: binary data (a NUL byte), not a history of lines: left untouched"
keys 'get cpus' Enter 'quit' Enter
check wait_exit
check cmp -s "$tmp/state/batchlab/history" "$tmp/history.bin"
tmux -L $S kill-session -t repl 2>/dev/null

echo "tmux-repl: $pass passed, $fail failed"
[ $fail = 0 ]
