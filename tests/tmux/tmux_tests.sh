#!/bin/sh
# Terminal tests: drive the real explorer in a private tmux server at a fixed
# size, with send-keys and capture-pane, and check what a person would see -
# and that the terminal comes back sane however the explorer ends.
# usage: tests/tmux/tmux_tests.sh [./batchlab] [NAME...]
# BL_CLAIMS=DIR: one of several runners sharing DIR, each running the checks it claims first
# (tests/tmux/shards.sh starts them).
# NAME is a check's function (mouse, chart_axes; --list shows them): only those run.
# Without a binary, the one built in the source tree.
set -u
here=$(cd "$(dirname "$0")" && pwd)
case ${1:-} in
*/*) BL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); shift ;;
*) BL=$here/../../batchlab ;;
esac
only=" $* "
if [ "$only" = " --list " ]; then
	sed -n 's/^check "\(.*\)" \([a-z_0-9]*\)$/\2\t\1/p' "$0"
	exit 0
fi
for n; do
	grep -q "^check \".*\" $n\$" "$0" || { echo "tmux tests: no test $n (tests/tmux/tmux_tests.sh --list)"; exit 1; }
done
[ -x "$BL" ] || { echo "tmux tests: no $BL (make batchlab)"; exit 1; }
# every wait below is a hang guard, scaled for ASan and the load (BL_GUARD_SCALE), never the pass mark
. "$here/../guard_scale.sh"
G=$BL_GUARD_SCALE
tmp=$(mktemp -d)
# the server's socket in the test's own folder, not /tmp/tmux-UID (tmux puts -L sockets under TMUX_TMPDIR)
export TMUX_TMPDIR="$tmp"
T="tmux -L batchlab-tui-$$ -f /dev/null"
W=120 H=40
# A killed explorer may still be saving its history as the directory goes: try again.
cleanup() { stop; $T kill-server 2>/dev/null; rm -rf "$tmp" 2>/dev/null || { sleep 0.3; rm -rf "$tmp"; }; }
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

command -v tmux >/dev/null || { echo "tmux tests: tmux not installed"; exit 1; }
mkdir -p "$tmp/home" "$tmp/config" "$tmp/state"
export BATCHLAB_PRESETS="$here/../../presets" HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/config" \
	XDG_STATE_HOME="$tmp/state" LC_ALL=C.UTF-8
unset NO_COLOR

# Each run: remember the tty modes, run the explorer in the foreground, report
# its status and the tty modes after, then idle so the pane stays to be read.
# The wrapper shares the explorer's process group, so it must outlive a Ctrl-C
# (a trap, unlike an ignore, is not inherited by the explorer).
cat >"$tmp/wrap.sh" <<EOS
trap : INT
stty -g >"$tmp/stty.before"
sh -c 'echo \$\$ >"$tmp/pid"; exec "\$@"' sh "$BL" "\$@"
echo "EXIT=\$?"
stty -g >"$tmp/stty.after"
echo DONE
exec sleep 600
EOS

pass=0 fail=0 name=

# A session that outlives the others: killing the last session stops the server,
# and a new session started while it is stopping fails.
$T new-session -d -s keep -x $W -y $H "sleep 600" || { echo "tmux tests: cannot start tmux"; exit 1; }

# start [env assignments...]: a fresh session; waits for the first frame.
start() {
	stop
	rm -f "$tmp/pid" "$tmp/stty.before" "$tmp/stty.after"
	$T new-session -d -s bl -x $W -y $H "env TERM=tmux-256color $* sh $tmp/wrap.sh" || return 1
	$T set-option -t bl status off >/dev/null
	wait_for 'q quit'
}

# End the last run's explorer through its wrapper, which reaps it, before its session goes.
stop() {
	if [ -f "$tmp/pid" ] && kill -TERM "$(cat "$tmp/pid")" 2>/dev/null; then
		i=0
		while [ $i -lt $((30 * G)) ] && kill -0 "$(cat "$tmp/pid")" 2>/dev/null; do
			sleep 0.05
			i=$((i + 1))
		done
	fi
	$T kill-session -t bl 2>/dev/null
	rm -f "$tmp/pid"
}

screen() { $T capture-pane -p -t bl; }

# wait_for REGEX [tenths of a second]: poll the pane until it shows REGEX (the time scaled by G).
wait_for() {
	i=0
	while [ $i -lt $((${2:-50} * G)) ]; do
		screen >"$tmp/screen" 2>/dev/null && grep -Eq -- "$1" "$tmp/screen" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# wait_gone REGEX: poll until the pane no longer shows REGEX.
wait_gone() {
	i=0
	while [ $i -lt $((50 * G)) ]; do
		screen >"$tmp/screen" 2>/dev/null && ! grep -Eq -- "$1" "$tmp/screen" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	bad "still showing /$1/ after $((5 * G)) s (a hang guard: 5 s x $G for ASan and load)"
	return 1
}

keys() { $T send-keys -t bl "$@"; }

# wait_change FILE: poll until the pane differs from FILE (a capture taken before a key).
wait_change() {
	i=0
	while [ $i -lt $((50 * G)) ]; do
		screen >"$tmp/screen" 2>/dev/null && ! cmp -s "$1" "$tmp/screen" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

# wait_settled: poll until two captures a tenth of a second apart are the same. A frame can reach
# the pane in pieces; one read mid-frame can miss a line the frame ends with (the lesson's "End").
wait_settled() {
	i=0
	cp "$tmp/screen" "$tmp/screen.settle"
	while [ $i -lt $((50 * G)) ]; do
		sleep 0.1
		screen >"$tmp/screen" 2>/dev/null && cmp -s "$tmp/screen" "$tmp/screen.settle" && return 0
		cp "$tmp/screen" "$tmp/screen.settle"
		i=$((i + 1))
	done
	return 1
}

ok() { pass=$((pass + 1)); echo "ok   $name"; }
bad() {
	fail=$((fail + 1))
	echo "FAIL $name: $*"
	sed 's/^/     | /' "$tmp/screen" | head -45
}

# expect REGEX...: every one is on the screen now (after waiting for the first).
# expect REGEX...: poll until one capture shows every REGEX (a frame may arrive in pieces).
all_shown() {
	for re in "$@"; do
		grep -Eq -- "$re" "$tmp/screen" || return 1
	done
}
expect() {
	wait_for "$1" || { bad "never showed /$1/ in $((5 * G)) s (a hang guard: 5 s x $G for ASan and load)"; return 1; }
	i=0
	while ! all_shown "$@" && [ $i -lt $((50 * G)) ]; do
		sleep 0.1
		screen >"$tmp/screen" 2>/dev/null
		i=$((i + 1))
	done
	for re in "$@"; do
		grep -Eq -- "$re" "$tmp/screen" || { bad "no /$re/"; return 1; }
	done
}

refuse() { ! grep -Eq -- "$1" "$tmp/screen" || { bad "unexpected /$1/"; return 1; }; }

# exited STATUS: the explorer ended with STATUS and left the terminal as it found it.
exited() {
	wait_for 'DONE' 30 || { bad "did not exit in $((3 * G)) s (a hang guard: 3 s x $G for ASan and load)"; return 1; }
	grep -q "EXIT=$1\$" "$tmp/screen" || { bad "exit status not $1: $(grep EXIT= "$tmp/screen")"; return 1; }
	cmp -s "$tmp/stty.before" "$tmp/stty.after" || { bad "tty modes not restored"; return 1; }
	# alternate screen left, cursor shown, mouse reporting and keypad mode off
	modes=$($T display -p -t bl '#{alternate_on} #{cursor_flag} #{mouse_any_flag} #{keypad_cursor_flag}')
	[ "$modes" = "0 1 0 0" ] || { bad "terminal modes (alternate cursor mouse keypad) = $modes"; return 1; }
}

# The pid of the explorer, to signal it.
pid() { cat "$tmp/pid"; }

# check NAME FUNCTION: run one test; a step that fails without saying why still fails it;
# status 2 is a skip the test has announced.
check() {
	ran_prev=${ran_last:-0}
	ran_last=0
	name=$1
	case $only in
	"  " | *" $2 "*) ;;
	*) return 0 ;;
	esac
	# run side by side (tests/tmux/shards.sh): each check goes to the first runner to claim it; one
	# that goes on in the last one's session (then_check) to the runner that ran that one
	if [ -n "${BL_CLAIMS:-}" ]; then
		if [ "${3:-}" = then ]; then
			[ "$ran_prev" = 1 ] && mkdir "$BL_CLAIMS/$2" 2>/dev/null || return 0
		else
			mkdir "$BL_CLAIMS/$2" 2>/dev/null || return 0
		fi
		ran_last=1
	fi
	before=$fail
	"$2"
	case $? in
	0) ok ;;
	2) ;; # skipped, and said so
	*) [ "$fail" != "$before" ] || bad "a step failed" ;;
	esac
}
# then_check NAME FUNCTION: a check that goes on in the session the check before it left
then_check() { check "$1" "$2" then; }
ran_prev=0

# sized COLS LINES [env...]: start at that size.
sized() {
	w0=$W h0=$H
	W=$1 H=$2
	shift 2
	start "$@"
	rc=$?
	W=$w0 H=$h0
	return $rc
}

# --- what the screen shows ---------------------------------------------------

# Figures derived by hand from the seeds on the default machine (64 CPUs, 4K pages):
# memcg batch 32 -> 64 (seed 000), stock 64 CPUs * 32 pages * 4 KiB = 8 MiB -> 16 MiB,
# vmpressure window 512 = SWAP_CLUSTER_MAX * 16 before seed 004.
first_screen() {
	start && expect 'q quit' '^machine' ' cpus +64( |$)' 'memcg_charge +before +after +change' \
		'proactive_reclaim +full +cluster +decay' 'committed_as +before +after' 'vmpressure +before +after' \
		' batch +32 +64 +x2' 'stock_max_bytes +8 MiB +16 MiB' ' window +512 ' \
		'~ model' '\* workload' 'exact' &&
		keys Tab / vmstat.threshold Enter && expect 'vmstat +value' && keys Home Tab # vmstat is a scroll away: found by name
}
check "first screen: machine and every patch, before and after" first_screen

# stock_max_bytes before = 4096 CPUs * 32 pages * 4 KiB = 512 MiB; after = 1 GiB
set_cpus() {
	keys : 'set cpus 4096' Enter
	expect ' cpus +4096( |$)' 'stock_max_bytes +512 MiB +1 GiB' 'threads +auto: 4096' &&
		refuse 'stock_max_bytes +8 MiB'
}
then_check ":set cpus 4096 shows 4096 and moves the dependent figures" set_cpus

bad_set() {
	keys : 'set cpus 0' Enter
	expect "out of range \(1\.\.65536\)" ' cpus +4096( |$)'
}
then_check "a bad :set says why in the status line and changes nothing" bad_set

# Only one parameter starts with "cp"; several start with "c", and the list shows above the line.
complete_tab() {
	keys : 'set cp' Tab && expect '^:set cpus' && keys Escape && keys : 'set c' Tab &&
		expect 'candidates:.* chunk' '^:set c' && keys Escape && wait_gone 'candidates:'
}
then_check ":set cp<Tab> completes to :set cpus; an ambiguous Tab lists the candidates" complete_tab

history() {
	keys : Up
	expect '^:set cpus 0' && keys Escape
}
then_check "the command line keeps history (Up recalls the last line)" history

# Issue 49: on an enterprise kernel the status line's kernel figure says, beside it, that it is
# computed as mainline's and may differ (as show's '?' and get's note do); 4.18.0-147.el8 (RHEL 8.1)
# has no backport in batchlab's table.
kernel_caveat() {
	start && keys : 'set kernel 4.18.0-147.el8' Enter && expect 'a RHEL kernel, mainline 4\.18' && keys Escape &&
		wait_gone 'Esc closes' && keys Tab &&
		expect 'kernel 4\.18: [0-9]+ pages \(computed as mainline 4\.18 \(a RHEL kernel\), may differ\)'
}
check "on a RHEL kernel the status line's kernel figure says it is mainline's and may differ" kernel_caveat

plus_minus() {
	start && keys + && expect ' cpus +128( |$)' 'stock_max_bytes +16 MiB +32 MiB' && keys - - &&
		expect ' cpus +32( |$)' 'stock_max_bytes +4 MiB +8 MiB'
}
check "+ on CPUs doubles it, - halves it" plus_minus

# The cells a change moved stand out (black on yellow here) for a moment, and only those.
highlight() {
	start && keys + && expect ' cpus +128( |$)' || return 1
	$T capture-pane -p -e -t bl | grep 'stock_max_bytes' >"$tmp/line"
	grep -Eq '43m +16 MiB' "$tmp/line" || { bad "the moved cell is not highlighted"; return 1; }
	! grep -Eq '43m[^ ]*x2' "$tmp/line" || { bad "an unmoved cell is highlighted"; return 1; }
	i=0
	while [ $i -lt $((40 * G)) ]; do
		$T capture-pane -p -e -t bl | grep 'stock_max_bytes' | grep -q '43m' || return 0
		sleep 0.1
		i=$((i + 1))
	done
	bad "the highlight never faded"
}
check "a change highlights the cells it moved, for a moment" highlight

choices() {
	start || return 1
	keys Down Down Down Down + && expect ' overcommit +always' && keys Up Up + && expect ' pagesize +16 KiB'
}
check "+ steps through choices: overcommit guess -> always, pagesize 4K -> 16K" choices

typed() {
	start && keys 5 1 2 Enter && expect ' cpus +512( |$)'
}
check "typing a digit on a parameter edits its value" typed

help_keys() {
	start && keys '?' && expect 'every key' 'Esc +close' 'Tab +switch' && keys Escape && expect '^machine'
}
check "? shows every key; Esc closes it" help_keys

explain_about() {
	start && keys Tab Enter &&
		expect 'explain memcg_charge.batch' 'batch.before = 32 pages' 'kernel: .*mm/memcontrol.c' &&
		keys Escape a && expect 'about memcg_charge' 'published' && keys q && expect '^machine'
}
check "Enter on a metric explains it; a shows the patch's about" explain_about

# :> PATH saves what is on screen: the pager's text is the text -c prints, byte for byte; with no
# pager, the panels as `show all` prints them. A command on the : line takes > PATH too.
save_screen() {
	"$BL" -c 'about vmpressure' >"$tmp/want.about" && "$BL" -c 'show all' >"$tmp/want.all" &&
		start && keys : 'about vmpressure' Enter && expect 'about vmpressure' &&
		keys : "> $tmp/got.about" Enter && expect "wrote the screen to $tmp/got.about" &&
		cmp -s "$tmp/want.about" "$tmp/got.about" && keys Escape &&
		keys : "> $tmp/got.all" Enter && expect "wrote the screen to $tmp/got.all" &&
		cmp -s "$tmp/want.all" "$tmp/got.all" &&
		keys : "explain vmpressure.window.after > $tmp/got.explain" Enter && expect "wrote the output to $tmp/got.explain" &&
		"$BL" -c 'explain vmpressure.window.after' | cmp -s - "$tmp/got.explain" ||
		{ bad "the saved text differs from -c's"; false; }
}
check ":> PATH saves the pager's text or the panels; a : command takes > PATH" save_screen

chart() {
	start && keys Tab c && expect 'chart memcg_charge.batch' && keys Escape
}
check "c opens the chart view's place" chart

# Issue 47: a picture's PATH longer than the explorer's buffer was cut, and the cut name written - a
# file of another name (here: no .svg, in the folder). Refused whole, by :> and by :save, nothing written.
chart_long_path() {
	mkdir -p "$tmp/longpath"
	p="$tmp/longpath/$(printf './%.0s' $(seq 1 500))$(printf 'n%.0s' $(seq 1 100)).svg"
	start && keys Tab c && expect 'chart memcg_charge.batch' && keys : "> $p" Enter &&
		expect 'save: a PATH of at most 1023 bytes expected' && keys : "save $p" Enter &&
		expect 'save: a PATH of at most 900 bytes expected' || return 1
	[ -z "$(ls -A "$tmp/longpath")" ] || { bad "wrote $(ls "$tmp/longpath")"; return 1; }
}
check "a picture's PATH too long for the command line is refused, never cut into another file" chart_long_path

# A screen too short for a chart says the least it needs (CHART_MIN_HEIGHT 7 rows, plus the
# legend's own rows, plus the view's own: 2 for the chart view's title and note; for the trade-off
# view 1 and a line per labelled point, at least 3), never a torn chart. memcg's batch: before and
# after fit beside the title; the trade-off's legend (curve, before, after) is wider than 80 columns
# less its title: a row of its own, 7 + 1 + 4 = 12.
chart_small() {
	sized 80 10 && keys Tab c && expect 'chart memcg_charge.batch' '\(a chart needs at least 24x9 characters\)' &&
		keys Escape t && expect 'tradeoff memcg_charge' '\(a chart needs at least 24x12 characters\)'
}
check "a screen too short for a chart says what size it needs, in both chart views" chart_small

# v opens the command line pre-filled for the patch under the cursor; the variant becomes a column.
# On the default machine (64 CPUs): clamp(2 * 64, 32, 127) = 127, and 64 * 127 * 4 KiB = 31.75 MiB
# (31.8 MiB in its 8-column cell: a digit goes before the space, issue 51);
# a variant that cannot be evaluated here is n/a. At 120 columns one variant column fits beside
# before, after and change: the others scroll under < >. V removes the one under the column cursor.
variant_columns() {
	start && keys Tab v && expect '^:variant memcg_charge v1 =' &&
		keys 'clamp(2 * cpus, 32, 127)' Enter &&
		expect 'memcg_charge +before +after +change +v1' ' batch +32 +64 +x2 +127' 'stock_max_bytes .* 31\.8 MiB' &&
		keys v && expect '^:variant memcg_charge v2 =' && keys '1 / (cpus - 64)' Enter &&
		expect 'change +v1>' ' batch +32 +64 +x2 +127' &&
		keys '>' && expect 'change +<v2' ' batch +32 +64 +x2 +n/a' \
			'variant memcg_charge.v2: MEMCG_CHARGE_BATCH = 1 / \(cpus - 64\)' &&
		keys V && wait_gone 'change +<v2' && expect 'change +v1' ' batch +32 +64 +x2 +127' &&
		keys V && wait_gone 'change +v1' && expect ' batch +32 +64 +x2( |$)'
}
check "v adds a variant column from a pre-filled command line; V removes the one under < >" variant_columns

# A patch file loaded from the : line joins the panels, and v gives it a variant column. On 64 CPUs
# percpu_counter_batch is max(32, 2 * 64) = 128 before, max(256, 128) = 256 after; a variant of 512.
patch_file() {
	start && keys : "patch load $here/../../patches/percpu_batch256.mmpatch" Enter && expect 'loaded from' &&
		keys q && wait_gone 'loaded from' && keys Tab End &&
		expect 'percpu_batch256 +before +after +change' ' batch +128 +256 +x2' 'folds_per_million' &&
		keys v && expect '^:variant percpu_batch256 v1 =' && keys '512' Enter &&
		expect 'percpu_batch256 +before +after +change +v1' ' batch +128 +256 +x2 +512'
}
check "a patch file loaded on the : line shows in the panels and takes a variant" patch_file

# batchlab LINE starts on that view, the cursor on its show=: s prints the same line back (with the
# cursor anywhere else its show= would differ); :state LINE moves the machine and the cursor again.
state_view() {
	line=bl1:cpus=256,ram=1T,kernel=6.8,show=memcg_flush.threshold
	stop && rm -f "$tmp/pid" && $T new-session -d -s bl -x $W -y $H "env TERM=tmux-256color sh $tmp/wrap.sh $line" &&
		$T set-option -t bl status off >/dev/null && expect 'q quit' ' cpus +256( |$)' ' ram +1 TiB' || return 1
	keys s && expect "^$line\$" && keys q && wait_gone "^$line" || return 1
	keys : 'state load bl1:cpus=8,show=vmpressure.window' Enter && expect ' cpus +8( |$)' || return 1
	keys s && expect '^bl1:cpus=8,show=vmpressure.window$' && keys q && wait_gone '^bl1:' &&
		keys Down s && expect '^bl1:cpus=8,show=vmpressure\.' && refuse 'show=vmpressure.window$'
}
check "batchlab LINE and :state LINE restore a view, cursor included; s shows it" state_view

# refill_stock(): "BUILD_BUG_ON(MEMCG_CHARGE_BATCH > S8_MAX)": charge_batch 200 does not build on
# current kernels. The after column's heading carries '!', the status line says why, and a
# variant above 127 is flagged the same way; in the trade-off chart the rows past 127 are named.
s8_max_flag() {
	start && keys Tab : 'set charge_batch 200' Enter && expect 'memcg_charge +before +after! +change' &&
		keys Down Up && expect '^after!: above 127: does not build on current kernels' || return 1
	keys : 'variant memcg_charge big = 300' Enter && expect 'change +big!' || return 1
	keys : 'set charge_batch 64' Enter && expect 'memcg_charge +before +after +change +big!' &&
		refuse 'after!: above 127' && keys t &&
		expect 'marked: 128, 256, 512, 1024 \(charge_batch\): above 127' 'variant big .*; marked: above 127'
}
check "charge_batch above S8_MAX is flagged on the screen and in the trade-off chart, as a variant is" s8_max_flag

# The issue's five variants at once: each patch's columns, and the panel follows the machine.
# 64 CPUs, 256G: lift16 = 66060288 / 64 / 16 = 64512; eighth asks 61 times; at 8 CPUs scaled is 32.
variant_five() {
	start && keys : 'variant memcg_charge big = 128; variant memcg_charge scaled = clamp(2 * cpus, 32, 127)' Enter &&
		keys : 'variant vmpressure half = 512 * (1 + fls(mem128m) / 2)' Enter &&
		keys : 'variant committed_as lift16 = max(totalram / cpus / (overcommit == never ? 256 : 16), max(2 * cpus, 32))' Enter &&
		keys : 'variant proactive_reclaim eighth = max(32, remaining / 8)' Enter &&
		expect 'change +big' ' batch +32 +64 +x2 +128' 'change +eighth' ' calls .* 61( |$)' \
			'change +lift16' ' batch +4032 +258048 +x64 +64512' &&
		keys Tab '>' && expect 'change +<?scaled' ' batch +32 +64 +x2 +127' &&
		keys : 'set cpus 8' Enter && expect ' batch +32 +64 +x2 +32'
}
check "the issue's five variants show as columns and follow the machine" variant_five

# memcg's stock holds cpus * batch pages: 64 * 32 * 4 KiB = 8 MiB before, 64 * 64 * 4 KiB = 16 MiB
# after (seed 000). It reads cpus, pagesize and charge_batch (its .reads): CPUs first, on a log axis
# over the table's 1..65536; x steps to pagesize (4K, 16K, 64K, a linear axis), then charge_batch.
chart_axes() {
	start && keys Tab j c &&
		expect 'memcg_charge.stock_max_bytes \(bytes\)' 'before +.*after' 'cpus \(CPUs\), log scale' \
			'^ +1 .* 65536$' 'this machine: cpus = 64: before 8 MiB, after 16 MiB' && refuse 'ram \(bytes\)' || return 1
	keys x && expect 'pagesize \(bytes\)' 'this machine: pagesize = 4 KiB: before 8 MiB, after 16 MiB' &&
		refuse 'cpus \(CPUs\)' && keys x && expect 'charge_batch \(pages\)' &&
		keys x && expect 'cpus \(CPUs\), log scale' && keys Escape && wait_gone 'chart memcg' && expect '^machine'
}
check "the chart labels its axes, names before and after; x steps through what the metric reads; Esc closes" chart_axes

# The x axis is what the metric reads: vmpressure's window scales with RAM (seed 004), not CPUs;
# memcg's batch reads only charge_batch, so x has nowhere else to go - and says so.
chart_reads() {
	start && keys / vmpressure.window Enter c && expect 'chart vmpressure.window across ram' 'ram \(bytes\), log scale' \
		'this machine: ram = 256 GiB: before 512, after 6144' && refuse 'cpus \(CPUs\)' || return 1
	keys Escape Home c && expect 'chart memcg_charge.batch across charge_batch' && keys x &&
		expect 'memcg_charge.batch reads no other parameter'
}
check "the chart's x axis is a parameter the metric reads (vmpressure.window: ram)" chart_reads

# The trade-off chart (t): memcg's stock share against throughput over charge_batch. The labelled
# points are worked by hand: 64 CPUs * 32 (64) pages * 4 KiB = 8 (16) MiB of the 4 GiB cgroup_size,
# 0.1953 % before and 0.3906 % after; at 128 CPUs both double. Reclaim's old kernel (cluster asks)
# is no divisor: its point is named apart. vmstat trades nothing and says so.
tradeoff_chart() {
	start && keys Tab t &&
		expect 'tradeoff memcg_charge over charge_batch' 'cost: stock_share \(%\)' 'charge_batch +.*before +.*after' \
			'^before +charge_batch 32 +stock_share = 0.1953 %, throughput = ' \
			'^after +charge_batch 64 +stock_share = 0.3906 %, throughput = ' || return 1
	keys : 'set cpus 128' Enter && expect '^before +charge_batch 32 +stock_share = 0.3906 %' \
		'^after +charge_batch 64 +stock_share = 0.7812 %' || return 1
	# overreclaim_bytes is unresolved (show prints no ratio for it): the chart's axis and rows say so
	keys t && expect 'tradeoff proactive_reclaim over reclaim_divisor' '^before \(cluster\) +cluster ' \
		'^after +reclaim_divisor 4 +overreclaim_bytes = [^,]* \(unresolved\), time_s' \
		'cost: overreclaim_bytes \(unresolved' && keys t && expect 'tradeoff committed_as over committed_lift' \
		'^before +committed_lift 1 ' '^after +committed_lift 64 ' && keys t &&
		expect 'tradeoff vmpressure over vmpressure_win' '^before +vmpressure_win 512 ' || return 1
	# by name, not by which patch is last: pcp trades over watermark_scale_factor, vmstat trades nothing
	keys Escape && wait_gone 'tradeoff vmpressure' && keys / pcp.high Enter t &&
		expect 'tradeoff pcp over watermark_scale_factor' '^before \(6 \* batch\)' || return 1
	keys Escape && wait_gone 'tradeoff pcp' && keys / vmstat.threshold Enter t && expect 'vmstat trades nothing'
}
check "t opens the trade-off chart: before and after labelled, following :set; vmstat has none" tradeoff_chart

# Machines side by side (m): the patch under the cursor on this machine and three presets, worked by
# hand: memcg's stock is cpus * 32 (64) pages * 4 KiB - 8 (16) MiB on 64 CPUs, 1 (2) MiB on the
# laptop's 8, 16 (32) MiB on 128 CPUs; at 180 columns the four groups stand side by side. A :set
# under it moves this machine's group only; m goes on to the next patch.
compare_view() {
	sized 200 40 && keys Tab m &&
		expect 'memcg_charge on side-by-side machines' 'this machine +laptop-8c-16g +server-2s-128c-512g +server-8s-1024c-8t' \
			'stock_max_bytes +8 MiB +16 MiB +x2 +1 MiB +2 MiB +x2 +16 MiB +32 MiB +x2' || return 1
	keys : 'set cpus 8' Enter && expect 'this machine\* +laptop|this machine +laptop' \
		'stock_max_bytes +1 MiB +2 MiB +x2 +1 MiB +2 MiB +x2 +16 MiB +32 MiB' || return 1
	keys m && expect 'proactive_reclaim on side-by-side machines' && keys Escape && wait_gone 'side-by-side'
}
check "m shows machines side by side: this one and three presets, following :set; m the next patch" compare_view

# The zones (z): every zone of the machine as /proc/zoneinfo shows it, and the patch's zone figures
# before and after. 24 GiB on 2 CPUs, by hand (core/mm/zonelayout.c): DMA keeps 3840 pages, DMA32
# 3 GiB less 16 MiB of totalram's share; a :set under it lays the zones out anew (4 GiB: Normal 258097);
# z goes on to the next patch with zone figures.
zones_view() {
	sized 200 40 && keys z && expect 'zones of this machine' '^ +0 DMA +3840 ' || return 1
	keys : 'set ram 24G cpus 2' Enter &&
		expect '^ +0 DMA32 +770135 ' 'zones: vmstat before and after' || return 1
	keys : 'set ram 4G' Enter && expect '^ +0 Normal +258097 ' || return 1
	keys z && expect 'zones: watermark before and after|zones: pcp before and after' && keys Escape && wait_gone 'zones of this machine'
}
check "z shows every zone as /proc/zoneinfo does and a patch's zone figures before and after, following :set" zones_view

# A change made from the chart's command line moves the chart; a resize redraws it at the new size.
# 4096 CPUs * 32 pages * 4 KiB = 512 MiB, * 64 pages = 1 GiB.
chart_live() {
	start && keys Tab j c && expect 'cpus \(CPUs\)' && keys : 'set cpus 4096' Enter &&
		expect 'this machine: cpus = 4096: before 512 MiB, after 1 GiB' &&
		$T resize-window -t bl -x 90 -y 24 && expect 'cpus \(CPUs\), log scale' 'before +.*after' &&
		$T resize-window -t bl -x $W -y $H
}
check "the chart follows :set and a resize" chart_live

# Without colour the curves differ by glyph: braille dots before, a line after.
chart_no_color() {
	start NO_COLOR=1 && keys Tab j c && expect 'cpus \(CPUs\)' '⠤⠤ before +── after' || return 1
	$T capture-pane -p -e -t bl >"$tmp/esc"
	if grep -Eq "$COLOUR" "$tmp/esc"; then bad "colour codes with NO_COLOR"; return 1; fi
}

# An X10 mouse report: ESC [ M, then button + 32, column + 33, row + 33 (0-based).
mouse_report() { printf "\033[M$(printf "\\%o\\%o\\%o" $((32 + $1)) $((33 + $2)) $((33 + $3)))"; }
# at_text TEXT: "COLUMN ROW" (0-based) where TEXT first shows on the screen.
at_text() {
	screen | awk -v t="$1" '{ i = index($0, t) } i { print i - 1, NR - 1; exit }'
}
mouse() {
	# a click on the text stock_max_bytes (the second metric of the first patch), wherever it is drawn
	start && expect 'stock_max_bytes' && set -- $(at_text stock_max_bytes) && [ $# = 2 ] || return 1
	keys -l "$(mouse_report 0 $1 $2)" && keys -l "$(mouse_report 3 $1 $2)" &&
		expect 'memcg_charge.stock_max_bytes: '
}
check "a mouse click selects the metric under it" mouse

# At 80 columns the panels take turns: a click lands in the one shown.
mouse_80() {
	sized 80 24 && keys Tab && expect 'stock_max_bytes' && set -- $(at_text stock_max_bytes) && [ $# = 2 ] || return 1
	keys -l "$(mouse_report 0 $1 $2)" && keys -l "$(mouse_report 3 $1 $2)" &&
		expect '^memcg_charge.stock_max_bytes: ' && keys Tab &&
		expect 'machine +\(Tab: patches\)' && set -- $(at_text ' ram ') && keys -l "$(mouse_report 0 $1 $2)" &&
		keys -l "$(mouse_report 3 $1 $2)" && expect '^ram: '
}
check "a click at 80x24 selects in the panel shown" mouse_80

resize() {
	start && $T resize-window -t bl -x 40 -y 12 && expect 'too small' && $T resize-window -t bl -x $W -y $H &&
		expect 'memcg_charge +before' 'q quit' && refuse 'too small' && keys Tab / vmstat.threshold Enter && expect 'vmstat +value'
}
check "resize to 40x12 says too small; back to 120x40 draws it all again" resize

# Modeled figures are marked ~ and drawn dim/italic; which metrics are modeled comes from `help metrics`.
modeled() {
	m=$("$BL" -c 'help metrics' | awk '$2 == "model" { sub(/^[^.]*\./, "", $1); print $1; exit }')
	if [ -z "$m" ]; then
		echo "skip $name: no modeled metric in the tables yet"
		return 2
	fi
	start && expect "~ +$m " && $T capture-pane -p -e -t bl | grep -E "~.*$m" | grep -Eq '\[([0-9;]*;)?[23](;[0-9;]*)?m' ||
		{ bad "$m is not drawn dim or italic"; return 1; }
	refuse '~ +batch '
}
check "modeled metrics are marked ~ and drawn apart; exact ones are not" modeled

# Workload figures (the kernel's loop under a stated assumption) carry their own mark, from `help metrics`.
workload() {
	w=$("$BL" -c 'help metrics' | awk '$2 == "workload" { sub(/^[^.]*\./, "", $1); print $1; exit }')
	[ -n "$w" ] || { bad "no workload metric in help metrics"; return 1; }
	start && expect "\\* +$w " && refuse '\* +batch ' && refuse '~ +batch '
}
check "workload metrics are marked * apart from modeled and exact ones" workload

short_screen() {
	# the last metric of the last patch, by name from the table (not by which patch is last)
	last=$("$BL" -c 'help metrics' | awk '/^    [a-z_]+\.[a-z_]+ / { n = $1 } END { sub(/^[^.]*\./, "", n); print n }')
	start && $T resize-window -t bl -x 100 -y 16 && expect 'memcg_charge' && keys Tab End &&
		expect " $last " && refuse ' stock_max_bytes ' && keys Home && expect ' stock_max_bytes '
}
check "a short screen scrolls the patches to the cursor" short_screen

# BATCHLAB_LOG=FILE: every key the explorer read, each view it opened, and how long each redraw took.
debug_log() {
	start BATCHLAB_LOG="$tmp/debug.log" && keys + && expect ' cpus +128( |$)' && keys Tab c &&
		expect 'chart memcg_charge' && keys Escape q && exited 0 || return 1
	log=$tmp/debug.log
	cp "$log" "$tmp/screen" # what bad() shows
	grep -Eq '^[0-9]+\.[0-9]{6} start [0-9]+x[0-9]+' "$log" || { bad "no start line"; return 1; }
	grep -Eq ' key \+ \(43\) to panels$' "$log" || { bad "no line for the + key"; return 1; }
	grep -Eq ' view open chart$' "$log" && grep -Eq ' key \^\[ \(27\) to chart$' "$log" &&
		grep -Eq ' view close chart$' "$log" || { bad "the chart's open, Esc and close are not logged"; return 1; }
	grep -Eq ' redraw chart [0-9]+\.[0-9]{3} ms$' "$log" || { bad "no redraw time of the chart"; return 1; }
	[ "$(grep -c ' redraw ' "$log")" -ge 3 ] || { bad "fewer redraws logged than frames drawn (first, after +, the chart)"; return 1; }
	tail -1 "$log" | grep -q ' end$' || { bad "the log does not end with the explorer"; return 1; }
}
check "BATCHLAB_LOG=FILE logs keys, views and redraw times" debug_log

debug_log_bad() {
	stop
	$T new-session -d -s bl -x $W -y $H "env TERM=tmux-256color BATCHLAB_LOG=$tmp/no/such/dir/log sh $tmp/wrap.sh" &&
		expect 'BATCHLAB_LOG=.*no/such/dir/log: No such file or directory' && exited 1
}
check "a BATCHLAB_LOG that cannot be opened: one line, status 1" debug_log_bad

# --- sizes: 80x24 (the size terminals open at) and 132x43, in UTF-8 and in LANG=C ----------------

# Every parameter and every metric shows on some page of its panel, its name whole (so never cut
# into another's), at this size: the names come from the tables (help set, help metrics).
reach_all() {
	: >"$tmp/seen"
	for panel in machine patches; do
		[ $panel = patches ] && keys Tab
		i=0
		while [ $i -lt 10 ]; do
			sleep 0.15
			screen >>"$tmp/seen"
			keys NPage
			i=$((i + 1))
		done
	done
	"$BL" -c 'help set' | awk '/^  [a-z_]+ / { print $1 }' >"$tmp/names"
	"$BL" -c 'help metrics' | awk '/^    [a-z_]+\.[a-z_]+ / { sub(/^[^.]*\./, "", $1); print $1 }' >>"$tmp/names"
	[ "$(wc -l <"$tmp/names")" -gt 30 ] || { bad "the tables listed too few names"; return 1; }
	missing=
	while read -r n; do
		grep -Eq "(^| )$n( |\$)" "$tmp/seen" || missing="$missing $n"
	done <"$tmp/names"
	[ -z "$missing" ] || { cp "$tmp/seen" "$tmp/screen"; bad "never shown whole:$missing"; return 1; }
}

size_80x24() {
	sized 80 24 "$@" && expect 'machine +\(Tab: patches\)' '^ cpus +64( |$)' 'q quit' && refuse 'too small' &&
		keys Tab && expect 'patches +\(Tab: machine\)' 'memcg_charge +before +after +change' ' batch +32 +64' &&
		keys Tab && expect 'machine +\(Tab: patches\)' && reach_all
}
check "80x24 (UTF-8): one panel at a time, Tab between; every parameter and metric reachable, names whole" size_80x24
size_80x24_c() { size_80x24 LC_ALL=C; }
check "80x24 (LANG=C): the same" size_80x24_c

size_132x43() {
	sized 132 43 "$@" && expect '^machine +memcg_charge +before +after +change' ' cpus +64 .* batch +32 +64' &&
		refuse 'Tab: patches' && refuse 'too small' && reach_all
}
check "132x43 (UTF-8): both panels side by side; every parameter and metric reachable" size_132x43
size_132x43_c() { size_132x43 LC_ALL=C; }
check "132x43 (LANG=C): the same" size_132x43_c

# Prose that wraps (issue 22): the pager reflows its text at words to the window. Every page of
# it is read (PgDn, placed by the "N-M/T" its head shows) and its words must be the words of the
# text, in order - a cut line loses a word - and no body line may be wider than the window or
# end in '>' (a cut). want_words FILE: the words the pager must show.
words() { tr -s ' \t' '\n\n' | grep -v '^$'; }
pager_words() { # pager_words HEAD_REGEX OUT: every body line of the pager, in order, to OUT
	: >"$tmp/pages"
	total=1 last=0 guard=0
	while [ "$last" -lt "$total" ] && [ $guard -lt 60 ]; do
		guard=$((guard + 1))
		screen >"$tmp/screen"
		range=$(grep -Eo '[0-9]+-[0-9]+/[0-9]+' "$tmp/screen" | head -1)
		[ -n "$range" ] || { bad "no N-M/T on the pager's head"; return 1; }
		first=${range%%-*} rest=${range#*-} end=${rest%%/*} total=${rest#*/}
		row=$(grep -nE -- "$1" "$tmp/screen" | head -1 | cut -d: -f1)
		[ -n "$row" ] || { bad "no pager head /$1/"; return 1; }
		# body rows: after the head, one a text line; the text's line number from the head's range
		sed -n "$((row + 1)),$((row + end - first + 1))p" "$tmp/screen" |
			awk -v f="$first" '{ print f + NR - 1 "\t" $0 }' >>"$tmp/pages"
		last=$end
		[ "$last" -lt "$total" ] && keys NPage && sleep 0.15
	done
	sort -n -u -k1,1 "$tmp/pages" | cut -f2- >"$2"
}
pager_check() { # pager_check COLS WANT GOT
	if ! awk -v w="$1" 'length($0) > w || /[^ ]>$/ { exit 1 }' "$3"; then
		bad "a line wider than $1 or ending in '>': $(awk -v w="$1" 'length($0) > w || /[^ ]>$/' "$3" | head -1)"
		return 1
	fi
	words <"$2" >"$tmp/want.w"
	words <"$3" >"$tmp/got.w"
	cmp -s "$tmp/want.w" "$tmp/got.w" || { bad "the pager's words differ from the text's: $(diff "$tmp/want.w" "$tmp/got.w" | head -4 | tr '\n' ' ')"; return 1; }
}
reflow_at() { # reflow_at COLS LINES [env]
	c=$1 l=$2
	shift 2
	"$BL" -c 'about vmpressure' >"$tmp/want.about" && "$BL" -c 'explain vmpressure.detect_s.after' >"$tmp/want.explain" &&
		sized "$c" "$l" "$@" && keys : 'about vmpressure' Enter && expect '^ about vmpressure' &&
		pager_words '^ about vmpressure' "$tmp/got.about" && pager_check "$c" "$tmp/want.about" "$tmp/got.about" &&
		keys Escape : 'explain vmpressure.detect_s.after' Enter && expect '^ explain vmpressure' &&
		pager_words '^ explain vmpressure' "$tmp/got.explain" &&
		pager_check "$c" "$tmp/want.explain" "$tmp/got.explain" &&
		keys Escape '?' && expect '^ keys' && keys : "> $tmp/want.keys" Enter && expect 'wrote the screen' &&
		keys Home && sleep 0.1 && pager_words '^ keys' "$tmp/got.keys" && pager_check "$c" "$tmp/want.keys" "$tmp/got.keys"
}
reflow_80() { reflow_at 80 24; }
check "80x24 (UTF-8): :about, :explain and ? reflow at words: every word shown, no line cut" reflow_80
reflow_80_c() { reflow_at 80 24 LC_ALL=C; }
check "80x24 (LANG=C): the same" reflow_80_c
reflow_132() { reflow_at 132 43; }
check "132x43 (UTF-8): :about, :explain and ? shown whole" reflow_132
reflow_132_c() { reflow_at 132 43 LC_ALL=C; }
check "132x43 (LANG=C): the same" reflow_132_c

# A resize reflows the pager again: at 60 columns no line is wider, and every word stays.
reflow_resize() {
	"$BL" -c 'about committed_as' >"$tmp/want.about" && sized 120 40 && keys : 'about committed_as' Enter &&
		expect '^ about committed_as' && $T resize-window -t bl -x 60 -y 30 && sleep 0.3 &&
		pager_words '^ about committed_as' "$tmp/got.about" && pager_check 60 "$tmp/want.about" "$tmp/got.about"
}
check "a resize reflows the pager to the new width, every word kept" reflow_resize

# The status line shortens at a word with "...", never mid-word or with '>'; the pager's footer
# offers only the keys that work there (no "+ double"), the panels' footer does.
status_words() {
	sized 80 24 && keys Tab && expect '^memcg_charge.batch: ' && refuse 'memcg_charge.batch: .*[^ .]>$' &&
		grep -E '^memcg_charge.batch: ' "$tmp/screen" | grep -Eq '\.\.\.$|\]$' &&
		expect '\+ double' && keys : 'about vmpressure' Enter && expect '^ about vmpressure' && expect 'q close' &&
		refuse '\+ double' && refuse 'Tab panel'
}
check "the status line shortens at a word with ...; each view's key bar lists only its keys" status_words


# The narrowest side-by-side screens cut long names: never into the same text (max_drift_bytes and
# max_drift_pct both read max_drift> once). Every cut name on the screen is a different text.
names_unique() {
	for w in 50 56 64 82 90 96 104; do
		sized $w 60 || return 1
		keys Tab
		sleep 0.2
		screen >"$tmp/screen"
		dup=$(grep -v '(seed ' "$tmp/screen" | grep -oE '[a-z_]{4,}>' | sort | uniq -d) # a title line is prose
		[ -z "$dup" ] || { bad "at $w columns two names read $dup"; return 1; }
	done
}
check "cut names stay tellable apart at every width" names_unique

# Value cells fit their column honestly: at 96 columns the side cells are 8 wide, and memcg's
# 11582 Mbps before (seed 000) reads 12 Gbps, rounded (digits go before the space, issue 51, so a
# column keeps one spacing), never 11.58Gb> cut mid-number.
# The machine panel likewise spells a long value shorter: totalram's "auto: 66060288 pages
# (252 GiB)" loses its size and count where they do not fit, never a digit alone (it read
# "auto: 6606028>"): here "auto".
cells_96() {
	sized 96 60 && expect 'throughput' && expect ' 12 Gbps ' 'totalram +auto +[a-z]' || return 1
	grep -E '[0-9]>|[0-9][KMGTk]i?[Bb]?>' "$tmp/screen" && { bad "a number cut in a cell"; return 1; }
	return 0
}
check "96 columns: a value too wide for its cell is rounded or spelled shorter, never cut" cells_96

# :plot in the explorer: a line of braille is three bytes a column - cut by columns, the curve
# spans the chart (by bytes it stopped a third of the way). memcg batch before is 32 everywhere.
plot_width() {
	sized 100 30 && keys : 'plot memcg_charge.batch over cpus 1 4096' Enter && expect 'cpus \(CPUs\), log scale' &&
		expect '[┤│]⣀{80}' '└┬─{10}.*┬$'
}
check "the :plot view cuts lines by display columns, not bytes (UTF-8)" plot_width
plot_width_c() {
	sized 100 30 LC_ALL=C && keys : 'plot memcg_charge.batch over cpus 1 4096' Enter && expect 'cpus \(CPUs\), log scale' &&
		refuse '⣀' && expect '[+|]-{10}'
}
check "the :plot view under LANG=C draws ASCII" plot_width_c

# --- keys: the preset in the title, help on a row, search, F10, undo, R asks, keys that do nothing ------

title_preset() {
	start && expect 'batchlab [0-9.]+  defaults  ' && keys + && expect 'batchlab [0-9.]+  defaults\*' &&
		keys : 'preset load vm-4g' Enter && expect 'batchlab [0-9.]+  vm-4g  ' && keys + &&
		expect 'batchlab [0-9.]+  vm-4g\*' && keys - && expect 'batchlab [0-9.]+  vm-4g  '
}
check "the title names the preset and stars it once changed (vm-4g*); back to its values, no star" title_preset

row_help() {
	start && keys i && expect 'help cpus' 'range: 1\.\.65536' 'default: 64' && keys Escape Tab i &&
		expect 'help memcg_charge.batch' 'pages charged per trip'
}
check "i: help for the parameter or metric under the cursor" row_help

search() {
	start && keys / && expect '^/$' && keys w i n d o w && expect '^/window' 'vmpressure' && keys Enter &&
		expect '^vmpressure.window: ' && keys n && expect '^vmpressure.window_bytes: ' && keys / z z z &&
		expect 'no row matches' && keys Escape && expect '^vmpressure.window_bytes: '
}
check "/ searches the rows as you type; n finds the next; Esc goes back" search

f10() { start && keys F10 && exited 0; }
check "F10 quits" f10

undo() {
	start && keys + + && expect ' cpus +256( |$)' && keys u && expect ' cpus +128( |$)' 'undone' &&
		keys : 'preset load vm-4g' Enter && expect 'vm-4g' && keys u && expect ' cpus +128( |$)' 'defaults\*' &&
		keys u && expect ' cpus +64( |$)' && keys u && expect 'nothing to undo'
}
check "u undoes the last change, a preset load too, one at a time" undo

# Undo keeps each state's variants with it: the v1 of cpus / 4 comes back after being replaced by cpus / 8.
undo_variant() {
	start && keys Tab v && expect '^:variant memcg_charge v1 =' && keys 'cpus / 4' Enter &&
		expect ' batch +32 +64 +x2 +16( |$)' && keys Tab + && expect ' cpus +128( |$)' ' batch +32 +64 +x2 +32( |$)' &&
		keys Tab V && wait_gone 'change +v1' && keys v && expect '^:variant memcg_charge v1 =' && keys 'cpus / 8' Enter &&
		expect ' batch +32 +64 +x2 +16( |$)' && keys u && wait_gone 'change +v1' &&
		keys u && expect ' cpus +128( |$)' ' batch +32 +64 +x2 +32( |$)' &&
		keys u && expect ' cpus +64( |$)' ' batch +32 +64 +x2 +16( |$)' &&
		keys u && wait_gone 'change +v1' && keys u && expect 'nothing to undo'
}
check "u steps back through variant changes too: each state comes back with its own variants" undo_variant

# Issue 21.4: a variant deleted and defined again under its name is a change, and one command line one
# step: u after `variant del ... a; variant ... a = 99` brings back a = 1, not the machine without a.
undo_redefined() {
	start && keys : 'variant memcg_charge a = 1' Enter && expect ' batch +32 +64 +x2 +1( |$)' &&
		keys : 'variant del memcg_charge a; variant memcg_charge a = 99' Enter && expect ' batch +32 +64 +x2 +99( |$)' &&
		keys u && expect ' batch +32 +64 +x2 +1( |$)' 'undone' && keys u && wait_gone 'change +a' &&
		keys u && expect 'nothing to undo'
}
check "u brings back a variant deleted and defined again in one command line" undo_redefined

# Issue 21: the explorer and a prompt beside it share one history file: the explorer's exit appends
# its lines rather than writing its copy over the file, so what the prompt added meanwhile stays; and
# the empty history-PID.tmp a killed session left (its process gone) is removed.
repl_wait() {
	i=0
	while [ $i -lt $((50 * G)) ]; do
		$T capture-pane -p -t repl 2>/dev/null | grep -q "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	bad "the prompt never showed /$1/"
	return 1
}
history_merge() {
	h=$tmp/hist/batchlab/history
	rm -rf "$tmp/hist" && mkdir -p "$tmp/hist/batchlab" || return 1
	sh -c ':' & dead=$!
	wait $dead
	: >"$h-$(printf %05d $dead).tmp"
	start XDG_STATE_HOME="$tmp/hist" && keys : 'set cpus 8' Enter && expect ' cpus +8( |$)' || return 1
	$T new-session -d -s repl -x 100 -y 10 \
		"env TERM=tmux-256color XDG_STATE_HOME='$tmp/hist' INPUTRC=/dev/null '$BL' --repl; echo REPL-DONE; exec sleep 60" &&
		repl_wait 'batchlab>' && $T send-keys -t repl 'get ram' Enter && repl_wait '^274877906944' || return 1
	keys : 'get cpus' Enter && expect '^8$' && keys : quit Enter && exited 0 || return 1
	$T send-keys -t repl 'set ram 4G' Enter quit Enter && repl_wait REPL-DONE || return 1
	$T kill-session -t repl
	for line in 'set cpus 8' 'get ram' 'get cpus' 'set ram 4G' quit; do
		grep -qxF "$line" "$h" || { bad "history lost '$line': $(tr '\n' '|' <"$h")"; return 1; }
	done
	if ls "$tmp/hist/batchlab" | grep -q '\.tmp$'; then bad "left $(ls "$tmp/hist/batchlab")"; return 1; fi
}
check "the explorer's exit appends its history: a prompt's lines from meanwhile stay, no stale .tmp" history_merge

# The prompt on an 80-column terminal: show's table fits and its prose wraps at words - no line
# the terminal had to wrap (capture-pane -J joins those), and every word as a pipe gets them.
prompt_wraps() {
	"$BL" -c 'show memcg_charge' >"$tmp/want.show" || return 1
	$T new-session -d -s repl -x 80 -y 50 \
		"env TERM=tmux-256color XDG_STATE_HOME='$tmp/hist' INPUTRC=/dev/null '$BL' --repl; echo REPL-DONE; exec sleep 60" &&
		repl_wait 'batchlab>' && $T send-keys -t repl 'show memcg_charge' Enter && repl_wait '^unmarked: exact' || return 1
	$T capture-pane -pJ -t repl >"$tmp/screen"
	$T send-keys -t repl quit Enter && repl_wait REPL-DONE
	$T kill-session -t repl
	sed -n '/^batchlab> show memcg_charge/,/^batchlab>/p' "$tmp/screen" | sed '1d;$d' >"$tmp/got.show"
	pager_check 80 "$tmp/want.show" "$tmp/got.show" || return 1
	# a terminal wrap at 80 would be a joined line longer than 80: pager_check refused those
	grep -q '^memcg_charge: memcg charge batch' "$tmp/got.show" || { bad "no show title at the prompt"; return 1; }
}
check "the prompt at 80 columns wraps show memcg_charge at words" prompt_wraps
# Issue 21: a multi-line paste into the `:` line is command-line text, each line run in order - never
# hotkeys (the u of "get cpus" undid the set). tmux pastes with xterm's brackets when the explorer
# asked for them (paste-buffer -p), and sends LF as CR as a terminal does.
paste() { printf "$1" >"$tmp/paste" && $T load-buffer -b p "$tmp/paste" && $T paste-buffer -p -d -b p -t bl; }
paste_cmdline() {
	start && keys : && expect '^:$' && paste 'set cpus 4\nget cpus\n' && expect '^4$' && keys q &&
		expect ' cpus +4( |$)' 'threads +auto: 4' && refuse 'undone'
}
check "a two-line paste on the : line runs both lines, no hotkeys (bracketed paste)" paste_cmdline
paste_panels() {
	start && paste 'set cpus 8\nget cpus\nset cpus 16\n' && expect '^8$' && keys q && expect ' cpus +16( |$)' &&
		keys u && expect ' cpus +8( |$)'
}
check "a paste over the panels goes to the : line, each line one command and one undo step" paste_panels
paste_rest() {
	start && keys : && paste 'set cpus 4\nfrob\nset ram 4G\nget cpus' && expect '^:get cpus' &&
		expect 'line 2 of the paste: .*frob' && keys Enter && expect '^4$' && keys q &&
		expect ' cpus +4( |$)' ' ram +4 GiB'
}
check "a paste's unfinished last line stays on the : line; the first failing line is said, the rest still run" paste_rest
paste_long() {
	long=$(printf '%05000d' 0)
	start && paste "set cpus 4\\nget $long\\nget cpus\\n" && expect '^4$' &&
		expect 'line 2 of the paste: longer than 4095 characters: not run' && keys q && expect ' cpus +4( |$)'
}
check "a pasted line past the language's limit is not run, and said; the lines after it run" paste_long
typed_fast() {
	start && keys : 'set cpus 4' Enter 'set ram 4G' Enter ':get cpus' Enter && expect '^4$' && keys q &&
		expect ' cpus +4( |$)' ' ram +4 GiB' && refuse 'undone'
}
check "keys typed in one burst after Enter on the : line stay command-line text (no brackets)" typed_fast
# However it ends, the explorer turns bracketed paste off: cat -v, reading the terminal after it, must
# see a paste bare, without the ESC [200~ brackets (q, SIGTERM's orderly way out, SIGSEGV's handler).
paste_off_after() {
	stop
	$T new-session -d -s bl -x $W -y $H "env TERM=tmux-256color sh -c 'echo \$\$ >\"$tmp/pid\"; exec \"$BL\"'; echo EXITED; exec cat -v" &&
		wait_for 'q quit' || { bad "did not start"; return 1; }
	case $1 in
	q) keys q ;;
	*) kill -$1 "$(pid)" ;;
	esac
	wait_for '^EXITED' 30 || { bad "did not end on $1"; return 1; }
	paste 'abc\n' && expect '^abc$' && refuse '200~'
}
paste_off_q() { paste_off_after q; }
check "bracketed paste is off after q" paste_off_q
paste_off_term() { paste_off_after TERM; }
check "bracketed paste is off after SIGTERM" paste_off_term
paste_off_segv() { paste_off_after SEGV; }
check "bracketed paste is off after SIGSEGV" paste_off_segv

reset_asks() {
	start && keys + && expect ' cpus +128( |$)' && keys R &&
		expect 'reset every parameter to its default\? \(y/n\)' && keys n && expect 'left as it was' ' cpus +128( |$)' &&
		keys R y && expect ' cpus +64( |$)' 'every parameter back to its default'
}
check "R asks first: n leaves the machine, y resets it" reset_asks

# Issue 21.5: R resets the parameters as `reset` does - the variants stay, and the status line names them.
reset_keeps_variants() {
	start && keys : 'variant memcg_charge a = 1' Enter && expect ' batch +32 +64 +x2 +1( |$)' && keys + &&
		expect ' cpus +128( |$)' && keys R y && expect ' cpus +64( |$)' 'kept your variants memcg_charge.a' &&
		expect ' batch +32 +64 +x2 +1( |$)'
}
check "R keeps the variants and says so" reset_keeps_variants

# Issue 41: a sweep estimated before its first row to take over a minute (a new MVA network every row at
# 65536 CPUs) asks first: n leaves everything as it was, y runs it (PATH's temporary file, where its rows go, is made).
long_sweep_asks() {
	start && keys : 'set cpus 65536' Enter && expect ' cpus +65536( |$)' &&
		keys : "sweep charge_page_ns 1 10000000 step 1 memcg_charge.throughput > $tmp/long.csv" Enter &&
		expect 'sweep: 10000000 rows would take about .*: run it\? \(y/n\)' && keys n && expect 'left as it was' &&
		[ ! -e "$tmp/long.csv" ] && ! ls "$tmp"/.long.csv.* >/dev/null 2>&1 &&
		keys : "sweep charge_page_ns 1 10000000 step 1 memcg_charge.throughput > $tmp/long.csv" Enter &&
		expect 'run it\? \(y/n\)' && keys y && long_started
}
long_started() {
	i=0
	while [ $i -lt 50 ]; do
		for f in "$tmp"/.long.csv.*; do [ -e "$f" ] && return 0; done
		sleep 0.1
		i=$((i + 1))
	done
	bad "y did not start the sweep"
	return 1
}
check "a sweep estimated over a minute asks: n leaves it, y runs it with --long" long_sweep_asks

# Issue 53: a command walking rows for more than two seconds draws a progress bar on the status line
# (rows done of all, time left), and Esc stops it after a whole row, said on the status line; a key
# typed meanwhile is not lost. where over 24951 values of committed_lock_ns at 65536 CPUs: seconds.
walk_bar_esc() {
	start && keys : 'set cpus 65536 mmap 1G' Enter && expect ' cpus +65536( |$)' &&
		keys : 'where committed_as.throughput < 1 over committed_lock_ns 1 500 step 0.02' Enter &&
		expect 'where \[[#.]{20}\] +[0-9]+%  [0-9]+ of 24951 rows  [0-9]+:[0-9]{2}:[0-9]{2} left  Esc stops it' &&
		refuse 'Ctrl-C stops it' && # a script's estimate line, written to the terminal under curses, scrolled the screen
		keys Escape && expect 'where: interrupted after [0-9]+ of 24951 values of committed_lock_ns; none of them holds' &&
		keys : 'where committed_as.throughput < 1 over committed_lock_ns 1 500 step 0.001' Enter &&
		expect 'where: 499001 rows would take about .*: run it\? \(y/n\)' && keys y &&
		expect 'where \[[#.]{20}\] +[0-9]+%  [0-9]+ of 499001 rows' && keys Escape &&
		expect 'where: interrupted after [0-9]+ of 499001 values'
}
check "a long walk draws a progress bar on the status line, Esc stops it; one over a minute asks first" walk_bar_esc

nothing_said() {
	start && keys x && expect 'x does nothing in the panels view' && keys Z && expect 'is not a key here: \? lists them'
}
check "keys that do nothing say so" nothing_said

# Issue 51: help keys lists the keys of the view on top, from the key table (in a pager: its / and
# n, no +); F-keys map as htop's users expect (F3 searches) or say they are unused (F2).
help_keys_view() {
	start && keys F2 && expect 'F2 F4-F9 F11 F12: unused: htop' && keys F3 && expect '^/$' && keys Escape &&
		keys : 'help keys' Enter && expect 'keys of the panels view' '^  \+ +increase' &&
		keys : 'help keys' Enter && expect 'keys of the pager view' '^  / +search' && refuse '^  \+ +increase' &&
		keys : quit Enter && exited 0
}
check "help keys: the view's own keys from the key table; F2 says it is unused, F3 searches" help_keys_view

dumb() {
	stop
	$T new-session -d -s bl -x $W -y $H "env TERM=dumb sh $tmp/wrap.sh" && expect 'line prompt instead' &&
		keys 'get cpus' Enter && expect '^64$' && keys quit Enter && exited 0
}
check "TERM=dumb gets the line prompt instead of garbage" dumb

COLOUR='\[([0-9;]*;)?(3[0-7]|4[0-7]|38|48|9[0-7])(;[0-9;]*)?m'
no_color() {
	start NO_COLOR=1 && $T capture-pane -p -e -t bl >"$tmp/esc" || return 1
	if grep -Eq "$COLOUR" "$tmp/esc"; then bad "colour codes with NO_COLOR"; return 1; fi
	expect ' batch +32 +64'
}
check "NO_COLOR: no colour at all, still every figure" no_color

# Better or worse by the metric's .better, not by the sign: twice the memory parked in
# stocks (seed 000: 8 MiB -> 16 MiB) is the price, half the refills and +51% throughput the gain.
# Green (32) is better, red (31) worse; a neutral fact (the batch itself) is plain.
better_worse() {
	start && expect 'stock_max_bytes +8 MiB +16 MiB' || return 1
	$T capture-pane -p -e -t bl >"$tmp/esc"
	grep -E 'stock_max_bytes' "$tmp/esc" | grep -Eq '31;1m|1;31m|\[31m[^ ]*x2' ||
		{ bad "stock_max_bytes x2 is not red (worse)"; return 1; }
	grep -E 'refills_per_gib' "$tmp/esc" | grep -Eq '32;1m|1;32m|\[32m' ||
		{ bad "refills_per_gib /2 is not green (better)"; return 1; }
	if grep -E ' batch ' "$tmp/esc" | head -1 | grep -Eq '3[12](;1)?m *x2'; then bad "the neutral batch is coloured"; return 1; fi
	return 0
}
check "colour follows better or worse: a price in red, a gain in green, a fact plain" better_worse

better_worse_mono() {
	start NO_COLOR=1 && expect 'stock_max_bytes +8 MiB +16 MiB +x2 worse' 'refills_per_gib .* /2 better' &&
		refuse ' batch .*x2 (better|worse)'
}
check "NO_COLOR: a word says better or worse" better_worse_mono
check "NO_COLOR chart: no colour, the curves told apart by glyph" chart_no_color

colour() {
	start && $T capture-pane -p -e -t bl >"$tmp/esc" && grep -Eq "$COLOUR" "$tmp/esc"
}
check "colour where the terminal has it (so the NO_COLOR check can fail)" colour

# --- issue 23: every series, always labelled ----------------------------------------------------
# The chart view (memcg_charge.stock_max_bytes) and the trade-off view (memcg's) with 0, 1 and 4
# variants at 80x24, 120x40 and 200x60, in UTF-8 and LANG=C: every series' name in the legend
# with its own glyph - the glyphs by position as lang/out/chart.h lists them, so every one differs.
series_views() {
	w=$1 h=$2 loc=$3 nv=$4
	if [ "$loc" = C ]; then
		g1='oo' g2='\*\*' gv='xx @@ %% &&' p1='o' p2='\*' pv='x @ % &' curve='\.\.'
	else
		g1='⠤⠤' g2='──' gv='×× ○○ ◆◆ □□' p1='●' p2='■' pv='× ○ ◆ □' curve='··'
	fi
	sized "$w" "$h" LC_ALL=$loc || return 1
	sv=1 # not i: expect counts in i
	while [ $sv -le "$nv" ]; do
		keys : "variant memcg_charge v$sv = $((16 + 40 * sv))" Enter && expect "ok: variant memcg_charge v$sv" || return 1
		sv=$((sv + 1))
	done
	keys Tab j c && expect 'chart memcg_charge.stock_max_bytes' || return 1
	set -- "$g1 before" "$g2 after"
	sv=1
	for g in $gv; do
		[ $sv -le "$nv" ] && set -- "$@" "$g v$sv"
		sv=$((sv + 1))
	done
	expect "$@" || return 1
	keys Escape t && expect 'tradeoff memcg_charge over' || return 1
	set -- "$curve charge_batch curve" "$p1 before \(charge_batch 32\)" "$p2 after \(charge_batch 64\)"
	sv=1
	for g in $pv; do
		[ $sv -le "$nv" ] && set -- "$@" "$g v$sv \($((16 + 40 * sv))\)" "^variant v$sv +charge_batch $((16 + 40 * sv)) "
		sv=$((sv + 1))
	done
	expect "$@"
}
series_80x24_UTF8_0() { series_views 80 24 C.UTF-8 0; }
check "80x24 UTF8, 0 variants: both charts name every series with its own glyph" series_80x24_UTF8_0
series_80x24_UTF8_1() { series_views 80 24 C.UTF-8 1; }
check "80x24 UTF8, 1 variants: both charts name every series with its own glyph" series_80x24_UTF8_1
series_80x24_UTF8_4() { series_views 80 24 C.UTF-8 4; }
check "80x24 UTF8, 4 variants: both charts name every series with its own glyph" series_80x24_UTF8_4
series_80x24_C_0() { series_views 80 24 C 0; }
check "80x24 C, 0 variants: both charts name every series with its own glyph" series_80x24_C_0
series_80x24_C_1() { series_views 80 24 C 1; }
check "80x24 C, 1 variants: both charts name every series with its own glyph" series_80x24_C_1
series_80x24_C_4() { series_views 80 24 C 4; }
check "80x24 C, 4 variants: both charts name every series with its own glyph" series_80x24_C_4
series_120x40_UTF8_0() { series_views 120 40 C.UTF-8 0; }
check "120x40 UTF8, 0 variants: both charts name every series with its own glyph" series_120x40_UTF8_0
series_120x40_UTF8_1() { series_views 120 40 C.UTF-8 1; }
check "120x40 UTF8, 1 variants: both charts name every series with its own glyph" series_120x40_UTF8_1
series_120x40_UTF8_4() { series_views 120 40 C.UTF-8 4; }
check "120x40 UTF8, 4 variants: both charts name every series with its own glyph" series_120x40_UTF8_4
series_120x40_C_0() { series_views 120 40 C 0; }
check "120x40 C, 0 variants: both charts name every series with its own glyph" series_120x40_C_0
series_120x40_C_1() { series_views 120 40 C 1; }
check "120x40 C, 1 variants: both charts name every series with its own glyph" series_120x40_C_1
series_120x40_C_4() { series_views 120 40 C 4; }
check "120x40 C, 4 variants: both charts name every series with its own glyph" series_120x40_C_4
series_200x60_UTF8_0() { series_views 200 60 C.UTF-8 0; }
check "200x60 UTF8, 0 variants: both charts name every series with its own glyph" series_200x60_UTF8_0
series_200x60_UTF8_1() { series_views 200 60 C.UTF-8 1; }
check "200x60 UTF8, 1 variants: both charts name every series with its own glyph" series_200x60_UTF8_1
series_200x60_UTF8_4() { series_views 200 60 C.UTF-8 4; }
check "200x60 UTF8, 4 variants: both charts name every series with its own glyph" series_200x60_UTF8_4
series_200x60_C_0() { series_views 200 60 C 0; }
check "200x60 C, 0 variants: both charts name every series with its own glyph" series_200x60_C_0
series_200x60_C_1() { series_views 200 60 C 1; }
check "200x60 C, 1 variants: both charts name every series with its own glyph" series_200x60_C_1
series_200x60_C_4() { series_views 200 60 C 4; }
check "200x60 C, 4 variants: both charts name every series with its own glyph" series_200x60_C_4

# c on a machine parameter charts the metrics that read it, over it, the patch under the cursor
# first (charge_batch is memcg_charge's: its metrics first); c steps on; one nobody reads says so.
chart_param() {
	start && keys / charge_batch Enter c && expect 'chart memcg_charge\.[a-z_]+ across charge_batch' \
		'c: next metric \(1 of [0-9]+\)' && keys c && expect 'c: next metric \(2 of ' || return 1
	keys Escape Home c && expect 'chart memcg_charge\.[a-z_]+ across cpus' 'x: next axis \(' || return 1
	keys Escape / scan_rate Enter c && expect 'chart vmpressure\.[a-z_]+ across scan_rate' 'scan_rate \(' || return 1
	keys Escape / overcommit Enter c && expect 'overcommit is a choice'
}
check "c on a parameter: the metrics that read it, over it; a choice says it is none" chart_param

# :save PATH.svg (or :> PATH.svg) writes the chart on screen as a standalone SVG 1.1 picture with every series.
chart_save() {
	command -v xmllint >/dev/null || { bad "no xmllint (make deps)"; return 1; }
	start && keys : 'variant memcg_charge big = 128' Enter && expect 'ok: variant' && keys Tab j c &&
		expect 'chart memcg_charge.stock_max_bytes' && keys : "save $tmp/chart.svg" Enter &&
		expect "wrote the picture to $tmp/chart.svg" || return 1
	xmllint --noout "$tmp/chart.svg" || { bad "the saved chart is not well-formed XML"; return 1; }
	[ "$(grep -c 'class="series ' "$tmp/chart.svg")" = 3 ] || { bad "not 3 series in the saved chart"; return 1; }
	keys : "> $tmp/c2.svg" Enter && expect "wrote the picture to $tmp/c2.svg" && xmllint --noout "$tmp/c2.svg" ||
		{ bad ":> PATH.svg in the chart did not save the picture"; return 1; }
	expect 'chart memcg_charge.stock_max_bytes' && keys Escape && wait_gone 'chart memcg' && keys t &&
		expect 'tradeoff memcg_charge' && keys : "save $tmp/t.svg" Enter &&
		expect "wrote the picture to $tmp/t.svg" && xmllint --noout "$tmp/t.svg" &&
		[ "$(grep -c 'class="point"' "$tmp/t.svg")" = 3 ] || { bad "the trade-off's picture lacks its 3 points"; return 1; }
	expect 'tradeoff memcg_charge' && keys Escape && wait_gone 'tradeoff memcg' && keys : 'save x.svg' Enter &&
		expect 'save: nothing to save here'
}
check ":save PATH.svg in a chart writes the picture; elsewhere it says what to do" chart_save

# --- every way out restores the terminal -------------------------------------

quit_q() { start && keys q && exited 0; }
check "q quits with status 0 and restores the terminal" quit_q
quit_cmd() { start && keys : quit Enter && exited 0; }
check ":quit quits with status 0" quit_cmd
ctrl_c() { start && keys C-c && exited 130; }
check "Ctrl-C restores the terminal (status 130)" ctrl_c
ctrl_c_line() {
	start && keys : 'set cpus 8' && expect '^:set cpus 8' && keys C-c && wait_gone '^:set' &&
		keys + && expect ' cpus +128( |$)' && keys q && exited 0
}
check "Ctrl-C on the command line only abandons the line" ctrl_c_line
# Ctrl-Z needs a shell with job control: an interactive bash, prompt "P$ ".
suspend() {
	command -v bash >/dev/null || { echo "skip $name: no bash"; return 2; }
	stop
	$T new-session -d -s bl -x $W -y $H "env TERM=tmux-256color PS1='P\$ ' bash --norc --noprofile -i" &&
		wait_for '^P\$' && keys "$BL" Enter && expect 'q quit' && keys C-z && expect 'Stopped' || return 1
	modes=$($T display -p -t bl '#{alternate_on} #{cursor_flag} #{mouse_any_flag}')
	[ "$modes" = "0 1 0" ] || { bad "suspended, terminal modes (alternate cursor mouse) = $modes"; return 1; }
	# the explorer flushes typed-ahead input as it gives the terminal back: type the echo after it has gone
	keys fg Enter && expect 'q quit' '^machine' && keys q && wait_gone '^machine' && keys 'echo rc=$?' Enter &&
		{ wait_for '^rc=' 20 || keys 'echo rc=$?' Enter; } && expect '^rc=0$'
}
check "Ctrl-Z suspends with the terminal restored; fg brings the screen back" suspend
sigterm() { start && kill -TERM "$(pid)" && exited 143; }
check "SIGTERM restores the terminal (status 143)" sigterm
sighup() { start && kill -HUP "$(pid)" && exited 129; }
check "SIGHUP restores the terminal (status 129)" sighup
# Issue 34, item 3: a SIGTERM or SIGHUP during :sweep ... > FILE over an existing file ends the
# explorer and leaves the file as it was - no part of the sweep in its place, no temporary beside it -
# and says so on stderr once the screen is gone. A forked child waits for the temporary to grow
# (the rows are being written), then raises the signal at the explorer.
signal_during_sweep() { # SIG STATUS
	d=$tmp/sig$1 && rm -rf "$d" && mkdir -p "$d" && seq 1 5000 >"$d/big.csv" && cp "$d/big.csv" "$d/want.csv" || return 1
	start && keys : "sweep reclaim 4096 8192000000 step 4096 proactive_reclaim > $d/big.csv" Enter || return 1
	(
		i=0
		while [ $i -lt $((600 * G)) ]; do # a hang guard (60 s x G), not the pass mark: the signal goes once rows are on disk
			t=$(ls -A "$d" | grep '^\.big\.csv\.' | head -1)
			[ -n "$t" ] && [ "$(stat -c %s "$d/$t" 2>/dev/null || echo 0)" -gt 65536 ] && break
			sleep 0.1
			i=$((i + 1))
		done
		[ $i -lt $((600 * G)) ] || echo "the sweep's temporary never grew past 64 KiB in $((60 * G)) s (a hang guard)" >"$d/child.err"
		kill -"$1" "$(pid)"
	) &
	wait $!
	[ ! -s "$d/child.err" ] || { bad "$(cat "$d/child.err")"; return 1; }
	exited "$2" || return 1
	cmp -s "$d/big.csv" "$d/want.csv" || { bad "SIG$1 replaced big.csv: $(wc -c <"$d/big.csv") bytes, not the 5000 lines it held"; return 1; }
	[ "$(ls -A "$d")" = "$(printf 'big.csv\nwant.csv')" ] || { bad "left beside it: $(ls -A "$d" | tr '\n' ' ')"; return 1; }
	grep -q "stopped by a signal that ends batchlab: $d/big.csv left as it was" "$tmp/screen" ||
		{ bad "SIG$1 said nothing of the sweep it stopped"; return 1; }
}
sweep_sigterm() { signal_during_sweep TERM 143; }
check "SIGTERM during :sweep > FILE leaves the existing FILE as it was" sweep_sigterm
sweep_sighup() { signal_during_sweep HUP 129; }
check "SIGHUP during :sweep > FILE leaves the existing FILE as it was" sweep_sighup
# Issue 11: the rest of the signals whose default action ends the process
for sig in USR1:138 ALRM:142 PIPE:141 XFSZ:153; do
	eval "sig_${sig%:*}() { start && kill -${sig%:*} \"\$(pid)\" && exited ${sig#*:}; }"
	check "SIG${sig%:*} restores the terminal (status ${sig#*:})" "sig_${sig%:*}"
done
# Issue 21: the faults that dumped core with the terminal left raw
sigtrap() { start && kill -TRAP "$(pid)" && exited 133 && expect 'terminal restored'; }
check "SIGTRAP restores the terminal, then dies of it (status 133)" sigtrap
sigsys() { start && kill -SYS "$(pid)" && exited 159 && expect 'terminal restored'; }
check "SIGSYS restores the terminal, then dies of it (status 159)" sigsys
# Issue 21: one SIGTERM, SIGHUP or SIGUSR1 while a sweep of minutes writes a file ends the explorer within
# seconds, not when the sweep is done; the rows written are whole and no hidden temporary stays.
# (8 minutes here: 499001 rows of a 65536-CPU model solve, the estimate the prompt's test checks.)
long_sweep=':sweep committed_lock_ns 1 500 step 0.001 committed_as.throughput --long' # over a minute: --long, or the explorer asks
temporary() { ls -A "$tmp/run" | grep -q '^\.out\.csv\.'; }
sig_sweep() {
	rm -rf "$tmp/run" && mkdir "$tmp/run" && start && keys ': set cpus 65536 mmap 1G' Enter &&
		expect ' cpus +65536' && keys "$long_sweep > $tmp/run/out.csv" Enter || return 1
	i=0
	while ! temporary && [ $i -lt $((50 * G)) ]; do sleep 0.1; i=$((i + 1)); done
	temporary || { bad "the sweep never started writing"; return 1; }
	sleep 0.3
	kill -$1 "$(pid)" && exited $2 || return 1
	if temporary; then bad "left $(ls -A "$tmp/run")"; return 1; fi
	[ -s "$tmp/run/out.csv" ] && head -1 "$tmp/run/out.csv" | grep -q '^committed_lock_ns' ||
		{ bad "out.csv missing or not the rows so far"; return 1; }
}
sweep_term() { sig_sweep TERM 143; }
check "one SIGTERM ends a long sweep and the explorer at once, no temporary left" sweep_term
sweep_hup() { sig_sweep HUP 129; }
check "one SIGHUP ends a long sweep and the explorer at once, no temporary left" sweep_hup
sweep_usr1() { sig_sweep USR1 138; }
check "one SIGUSR1 ends a long sweep and the explorer at once, no temporary left" sweep_usr1
sigsegv() { start && kill -SEGV "$(pid)" && exited 139 && expect 'terminal restored'; }
check "SIGSEGV restores the terminal, then dies of it (status 139)" sigsegv
sigabrt() { start && kill -ABRT "$(pid)" && exited 134; }
check "SIGABRT restores the terminal, then dies of it (status 134)" sigabrt

# Issue 25: a lesson in the explorer's pane above the live panels, at the lecturer's 80x24 and at
# 132x43. The answers are worked out from the formulas (see lessons/scaling.lesson): on 16 CPUs,
# 16 GiB the vmstat threshold is 2 * fls(16) * (1 + fls(4128768 >> 15)) = 2 * 5 * 8 = 80 pages, so
# 80 * 16 = 1280 pages over all CPUs; it reaches its cap of 125 at 32 CPUs on 256 GiB (2 * fls(32) *
# 12 = 144); on 16 CPUs and 16 GiB the committed_as batch after is 4128768 / 16 / 4 = 64512 pages.
# p goes back a step and runs it again from the machine it began with; its questions answered
# right are not asked again (issue 51), so it runs to its end: 64 CPUs again. Issue 38: a question's answer line stays closed - ] scrolls, it is
# not typed into an answer - until Enter or a opens it.
lesson_walk() {
	sized "$1" "$2" BATCHLAB_LESSONS="$here/../../lessons" && keys : 'lesson scaling' Enter &&
		expect 'lesson scaling +step 1 of 5' 'n next step +p previous' 'Memory is handed out in pages' &&
		refuse '>$' && keys n && expect 'step 2 of 5' 'Enter or a: answer' && refuse '^:answer' &&
		keys ']' && refuse '^:answer' && keys Enter && expect '^:answer' &&
		keys 1200 Enter && expect 'not quite: too small' 'hint: Each CPU' 'Enter or a to try again' &&
		refuse '^:answer' && keys a && expect '^:answer' &&
		keys 1280 Enter && expect '^ +right\.' 'first' && keys Enter 32 Enter && expect '> 32' &&
		keys n && expect 'step 3 of 5: The running kernel agrees' && keys p && expect 'step 2 of 5' && keys End && expect 'answered right before' &&
		refuse 'Enter or a: answer' &&
		keys : 'get cpus' Enter && expect '^64$' && keys Escape &&
		keys n n && expect 'step 4 of 5' 'Enter or a: answer' && keys Enter 64512 Enter && expect '> 64512' && keys n &&
		expect 'step 5 of 5' && keys a 'min(4096, 512 * (1 + fls(mem128m) / 2))' Enter &&
		expect 'End of the lesson: 4 of 4 exercises right' && keys n && wait_gone 'lesson scaling' &&
		keys : quit Enter && exited 0
}
lesson_80x24() { lesson_walk 80 24; }
check "a lesson at 80x24: n/p walk the steps, p restores the step's machine, answers judged with hints" lesson_80x24
lesson_132x43() { lesson_walk 132 43; }
check "a lesson at 132x43: the same walk, the pane above the panels" lesson_132x43

# Progress is kept per lesson file in the XDG state folder: the explorer opens a lesson where it was left,
# with the machine of that step rebuilt; --restart starts over.
lesson_resume() {
	start BATCHLAB_LESSONS="$here/../../lessons" && keys : 'lesson committed_as' Enter &&
		expect 'step 1 of 4' 'Enter or a: answer' && keys n && expect 'step 2 of 4' && keys n &&
		expect 'step 3 of 4' 'Enter or a: answer' && keys : quit Enter && exited 0 || return 1
	grep -q '^step 2$' "$tmp/state/batchlab/lessons/committed_as@"* || { bad "no progress saved"; return 1; }
	start BATCHLAB_LESSONS="$here/../../lessons" && keys : 'lesson committed_as' Enter &&
		expect 'step 3 of 4' 'where you left off' && keys Escape : 'get overcommit' Enter && expect '^never$' &&
		keys Escape : quit Enter && exited 0 || return 1
	# a lecturer's copy of the same name in a folder of its own keeps a progress of its own
	mkdir -p "$tmp/copy" && cp "$here/../../lessons/committed_as.lesson" "$tmp/copy/" &&
		start BATCHLAB_LESSONS="$tmp/copy" && keys : 'lesson committed_as' Enter && expect 'step 1 of 4' &&
		refuse 'where you left off' && keys Escape : quit Enter && exited 0 || return 1
	BATCHLAB_LESSONS="$here/../../lessons" "$BL" --lesson committed_as --restart </dev/null >"$tmp/restart.out" 2>&1
	start BATCHLAB_LESSONS="$here/../../lessons" && keys : 'lesson committed_as' Enter && expect 'step 1 of 4' &&
		refuse 'where you left off'
}
check "a lesson reopens where it was left, its machine rebuilt; --restart starts over" lesson_resume

# Issue 47: `lesson NAME > PATH` on the : line writes the lesson as a script prints it with no
# answer to PATH (the file it replaced emptied before, and the pane opened), and opens no pane.
lesson_to_file() {
	printf 'kept\n' >"$tmp/lesson.txt"
	start BATCHLAB_LESSONS="$here/../../lessons" XDG_STATE_HOME="$tmp/lesson_to" &&
		keys : "lesson pcp > $tmp/lesson.txt" Enter && expect "wrote the lesson to $tmp/lesson.txt" &&
		refuse 'step 1 of 4' || return 1
	BATCHLAB_LESSONS="$here/../../lessons" "$BL" -c 'lesson pcp' </dev/null >"$tmp/lesson.want" 2>&1
	cmp -s "$tmp/lesson.txt" "$tmp/lesson.want" || { bad "the file is not what -c 'lesson pcp' prints"; return 1; }
}
check "lesson NAME > PATH in the explorer writes the lesson's text to PATH, no pane" lesson_to_file

# Issue 25: the projector theme draws no dim or italic cell (SGR 2 or 3, read from capture-pane -e with
# the colour parameters 38/48;5;N skipped), where the default theme draws modeled figures dim and italic;
# :set theme is kept in the settings file for the next start. And the legend of the marks shows at the
# very first start, and L shows it again.
sgr_dim_italic() {
	$T capture-pane -e -p -t bl | awk '{
		while (match($0, /\033\[[0-9;]*m/)) {
			n = split(substr($0, RSTART + 2, RLENGTH - 3), p, ";")
			for (i = 1; i <= n; i++) {
				if (p[i] == 38 || p[i] == 48) { i += (p[i + 1] == 5) ? 2 : 4; continue }
				if (p[i] == 2 || p[i] == 3) found = 1
			}
			$0 = substr($0, RSTART + RLENGTH)
		}
	} END { exit !found }'
}
theme_projector() {
	start && expect '~ throughput' && sgr_dim_italic || { bad "the default theme shows no dim or italic to check against"; return 1; }
	keys : 'set theme projector' Enter && expect 'theme projector \(kept' || return 1
	if sgr_dim_italic; then bad "the projector theme still draws dim or italic"; return 1; fi
	grep -q '^theme = projector$' "$tmp/config/batchlab/config" || { bad "theme not kept in the settings file"; return 1; }
	keys : quit Enter && exited 0 && start && expect '~ throughput' || return 1
	if sgr_dim_italic; then bad "the kept projector theme did not come back at the next start"; return 1; fi
	keys : 'get theme' Enter && expect '^projector$' && keys Escape : 'set theme default' Enter && expect 'theme default'
}
check "the projector theme emits no dim or italic; :set theme is kept for the next start" theme_projector
# Issue 34, item 7: :set theme changes the one line of the settings file that gives the theme and
# keeps every other byte - comments, blank lines, unknown keys, a line with no newline at its end;
# a file with no theme line gets one added after what it had.
theme_keeps_file() {
	f=$tmp/config/batchlab/config
	mkdir -p "$tmp/config/batchlab"
	printf '# my settings\n\n  theme =  mono   # the old one\ncolour_later = yes\n# last\nwidth = 90' >"$f"
	sed 's/^  theme =  mono /  theme =  light /' "$f" >"$tmp/want.config"
	start && keys : 'set theme light' Enter && expect 'theme light \(kept' || return 1
	cmp -s "$f" "$tmp/want.config" || { bad "the settings file changed beyond its theme: $(diff "$tmp/want.config" "$f" | head -5)"; return 1; }
	printf '# no theme here\nunknown = 1' >"$f"
	printf '# no theme here\nunknown = 1\ntheme = mono\n' >"$tmp/want.config"
	keys Escape : 'set theme mono' Enter && expect 'theme mono \(kept' || return 1
	cmp -s "$f" "$tmp/want.config" || { bad "no theme line: not one added after the rest: $(diff "$tmp/want.config" "$f" | head -5)"; return 1; }
	keys Escape : 'set theme default' Enter && expect 'theme default' && rm -f "$f"
}
check ":set theme changes the settings file's theme line and keeps every other byte" theme_keeps_file
legend_first_start() {
	rm -rf "$tmp/fresh" && mkdir -p "$tmp/fresh" &&
		start XDG_STATE_HOME="$tmp/fresh" && expect '^~ fitted model +\* assumed workload +plain: exact +\[N\] list +unresolved: in noise' &&
		keys j && wait_gone '^~ fitted model' && keys L && expect '^~ fitted model' &&
		keys : quit Enter && exited 0 && start XDG_STATE_HOME="$tmp/fresh" && refuse '^~ fitted model' &&
		keys : quit Enter && exited 0 &&
		sized 80 24 XDG_STATE_HOME="$tmp/fresh" && keys L && expect '^~ fitted model .*unresolved: in noise$'
}
check "the legend of ~, * and unresolved shows at the first start, and L shows it again" legend_first_start

# Issue 38: a step's command output in the pane is what the prompt prints at the pane's width, column
# for column (only prose is re-wrapped); f gives the step the whole screen and brings the panels back.
# scaling's step 4 runs show committed_as on 64 CPUs, 256 GiB: the same machine as -c's default.
# n skips a question: step 2's two one at a time (issue 51), so four n reach step 4.
lesson_table() {
	# a state folder of its own: the lesson starts at step 1, not where another walk left it
	rm -rf "$tmp/table" && mkdir -p "$tmp/table" &&
		sized "$1" "$2" BATCHLAB_LESSONS="$here/../../lessons" XDG_STATE_HOME="$tmp/table" && keys : 'lesson scaling' Enter &&
		expect 'step 1 of 5' && keys n n n n && expect 'step 4 of 5' && keys f && expect 'f panels' &&
		refuse '^q quit' || return 1
	k=0
	while ! grep -q '^ batchlab> show committed_as' "$tmp/screen" && [ $k -lt 20 ]; do
		keys ']' && sleep 0.2 && screen >"$tmp/screen"; k=$((k + 1))
	done
	"$BL" --width $(($1 - 1)) -c 'show committed_as' | head -6 | sed 's/^/ /' >"$tmp/want"
	grep -A6 '^ batchlab> show committed_as' "$tmp/screen" | sed 1d | head -6 >"$tmp/got"
	[ "$(wc -l <"$tmp/want")" -ge 4 ] && cmp -s "$tmp/want" "$tmp/got" ||
		{ bad "the table differs from the prompt's: $(diff "$tmp/want" "$tmp/got" | head -6)"; return 1; }
	keys f && expect 'f full step' '^q quit' && keys : quit Enter && exited 0
}
lesson_table_80x24() { lesson_table 80 24; }
check "a lesson step's show table is the prompt's, column for column, at 80x24; f shows the whole step" lesson_table_80x24
lesson_table_132x43() { lesson_table 132 43; }
check "the same at 132x43" lesson_table_132x43

# Issue 51: the pager searches as less does: / types a pattern - every letter is the pattern's,
# none runs as a key (q would close the pager, e explain) - Enter puts the first line below that
# holds it at the top, n the next, N the one before; a pattern not there says so and stays put.
pager_search() {
	sized 80 24 && keys : 'help set' Enter && expect 'help set +1-' && keys / && keys 'zone' &&
		expect '^/zone$' && keys Enter && expect '/zone  \(n next, N previous\)' '^  zone +1p' &&
		keys n && expect '^ help set +2[0-9]-' && keys N && expect '^  zone +1p' &&
		keys / q e x Enter && expect 'pattern not found below: qex' 'help set' && keys Escape &&
		wait_gone ' help set ' && keys : quit Enter && exited 0
}
check "the pager's / and n search as less does, letters typed into the pattern, not run as keys" pager_search

# Issue 51: a question does not show its own answer beside the pane - pcp's first asks pcp->high
# after the patch (1281 pages on the default machine): while it is open the panel row and the row
# line under the panels say '?', and once it is answered they show 1281 again. Space and PgUp page
# the step, Home and End go to its top and end.
lesson_hides_answer() {
	rm -rf "$tmp/hide" && mkdir -p "$tmp/hide" &&
		sized 80 24 BATCHLAB_LESSONS="$here/../../lessons" XDG_STATE_HOME="$tmp/hide" && keys : 'lesson pcp' Enter &&
		expect 'step 1 of 4' 'Most page allocations' && keys Space && wait_gone 'Most page allocations' &&
		keys Home && expect 'Most page allocations' && keys NPage && wait_gone 'Most page allocations' &&
		keys PPage && expect 'Most page allocations' && keys End &&
		expect 'what is pcp->high per CPU after' '^  high +378 +\? +\? +\?' 'pcp.high: kernel [0-9.]+: \?;' &&
		refuse '1281' && refuse 'x3\.3' && keys a && keys 1281 Enter && expect '^ +right\.' '^  high +378 +1281 +1281' &&
		keys : quit Enter && exited 0
}
check "a lesson's open question shows '?' where the panels would give its answer; page keys in the pane (80x24)" lesson_hides_answer

# The pane grows to the step's text: vmpressure's step 2 (8 lines) is drawn whole at 132x43 with
# the panels under it, and the panels keep a third of the screen under a longer step.
lesson_grow() {
	rm -rf "$tmp/grow" && mkdir -p "$tmp/grow" &&
		sized 132 43 BATCHLAB_LESSONS="$here/../../lessons" XDG_STATE_HOME="$tmp/grow" && keys : 'lesson vmpressure' Enter &&
		expect 'step 1 of 4' 'vmpressure_init_window' 'With 4 GiB of RAM' '^q quit' && keys n &&
		expect 'step 2 of 4' 'Each window computes one level' 'On a machine with 16 GiB' '^q quit' '^machine' &&
		keys : quit Enter && exited 0
}
check "the lesson pane grows to the step's text and the panels stay under it (132x43)" lesson_grow

# Issue 38: replay for a class. :source FILE in the explorer shows each command as typed, then its
# output, a command at a time (Space or Enter the next); -f FILE --pause waits for Enter before each
# command after the first; echo's narration is said once, its apostrophe text.
replay_demo() {
	printf "echo The seed's table, by size:\nset ram 4G\nget vmpressure.window.after\nset ram 64G\nget vmpressure.window.after\n" >"$tmp/home/demo.bl"
}
replay_source() {
	replay_demo && start && keys : "source $tmp/home/demo.bl" Enter &&
		expect "^The seed's table, by size:" 'Space or Enter: the next command' && refuse 'batchlab> set ram 4G' &&
		keys Space && expect '^batchlab> set ram 4G' && refuse 'get vmpressure' && keys Enter &&
		expect '^batchlab> get vmpressure.window.after' '^3072$' && keys Space Space Space &&
		expect '^5120$' "the replay's end" && keys Escape : quit Enter && exited 0
}
check ":source FILE: each command as typed, then its output, a command a key" replay_source
replay_pause() {
	replay_demo && stop && $T new-session -d -s bl -x $W -y $H "cd $tmp/home && env TERM=tmux-256color sh $tmp/wrap.sh -f demo.bl --pause" &&
		expect "^The seed's table, by size:" '\(Enter: the next command, 2; q or Esc, then Enter, stops here\)' &&
		refuse 'batchlab> echo' && refuse 'batchlab> set ram' && keys Enter && expect '^batchlab> set ram 4G' &&
		keys Enter Enter Enter && expect '^5120$' && exited 0
}
check "-f FILE --pause waits for Enter before each command, echo said once" replay_pause

# Issue 51: the replay steps the machine with the narration. In :source the panels show the machine
# as it was at the step shown (256 GiB at the narration, 4 GiB once set ram 4G is shown), the title
# says which step, and Esc midway leaves the machine there, not at the script's end. With --pause,
# q stops the replay before the next command.
replay_state() {
	replay_demo && sized 100 30 && keys : "source $tmp/home/demo.bl" Enter &&
		expect 'step 1 of 5 ' && keys Escape && expect '^ ram +256 GiB' &&
		keys : "source $tmp/home/demo.bl" Enter && expect 'step 1 of 5 ' && keys Space && expect 'step 2 of 5' &&
		keys Escape &&
		expect '^ ram +4 GiB' && refuse '^ ram +64 GiB' && keys : quit Enter && exited 0 &&
		stop && $T new-session -d -s bl -x $W -y $H "cd $tmp/home && env TERM=tmux-256color sh $tmp/wrap.sh -f demo.bl --pause" &&
		expect 'next command, 2;' && keys Enter && expect '^batchlab> set ram 4G' 'next command, 3;' && keys q Enter &&
		exited 0 && refuse 'batchlab> get vmpressure'
}
check ":source and --pause step the machine with the narration; Esc or q stops it where it is" replay_state

# Every built-in lesson runs to its end in the explorer at 80x24 and at 132x43, stepping with n
# (each question skipped with Esc), and no step's command fails ("error:" in the pane).
lesson_every() {
	# every lesson file there is, by its name: a new lesson is walked without a change here
	for l in $(cd "$here/../../lessons" && ls *.lesson | sed 's/\.lesson$//'); do
		# a state folder of its own: the lesson starts at step 1, not where another walk left it
		rm -rf "$tmp/every" && mkdir -p "$tmp/every" &&
			sized "$1" "$2" BATCHLAB_LESSONS="$here/../../lessons" BATCHLAB_PATCHES="$here/../../patches" XDG_STATE_HOME="$tmp/every" &&
			keys : "lesson $l" Enter &&
			expect "lesson $l +step 1 of" || return 1
		# n moves on a question at a time (skipping it), then a step at a time: each press is awaited
		# as a changed pane, so a question costs one redraw, not a wait for a step that is not next
		k=0
		while ! grep -q 'End of the lesson' "$tmp/screen" && [ $k -lt 60 ]; do
			grep -q '^error: \|^ error: ' "$tmp/screen" && { bad "a step of $l failed"; return 1; }
			# the prompt is gone before n: an n hard on an Esc's heels is read as Alt-n
			if grep -q '^:answer' "$tmp/screen"; then keys Escape && wait_gone '^:answer' || return 1; fi
			k=$((k + 1))
			cp "$tmp/screen" "$tmp/screen.before"
			keys n && wait_change "$tmp/screen.before" || { bad "n changed nothing in lesson $l"; return 1; }
			wait_settled || { bad "lesson $l never settled after n"; return 1; }
			grep -q "lesson $l" "$tmp/screen" || { bad "lesson $l closed before its end"; return 1; }
		done
		expect 'End of the lesson' && refuse 'error: ' && keys n && wait_gone "lesson $l" || return 1
	done
}
lesson_every_80x24() { lesson_every 80 24; }
check "every built-in lesson runs to its end at 80x24" lesson_every_80x24
lesson_every_132x43() { lesson_every 132 43; }
check "every built-in lesson runs to its end at 132x43" lesson_every_132x43

echo "tmux tests: $pass passed, $fail failed"
[ $fail = 0 ]
