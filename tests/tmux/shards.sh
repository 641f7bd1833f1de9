#!/bin/sh
# The terminal tests, several runners side by side (each its own tmux server and
# temporary folder), sharing out the checks as each frees up: the checks spend
# their time waiting on the pane, so N runners take about 1/N of the time on two
# cores. Each runner's output is shown whole in turn; any failure fails the run.
# usage: tests/tmux/shards.sh N ./batchlab [NAME...]
set -u
here=$(cd "$(dirname "$0")" && pwd)
n=$1
shift
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
trap 'exit 1' INT TERM HUP
mkdir "$d/claims"
i=0
while [ $i -lt "$n" ]; do
	BL_CLAIMS="$d/claims" sh "$here/tmux_tests.sh" "$@" >"$d/out.$i" 2>&1 &
	echo $! >"$d/pid.$i"
	i=$((i + 1))
done
pass=0 fail=0 rc=0 i=0
while [ $i -lt "$n" ]; do
	wait "$(cat "$d/pid.$i")" || rc=1
	grep -v '^tmux tests: [0-9]* passed' "$d/out.$i"
	p=$(sed -n 's/^tmux tests: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$d/out.$i")
	[ -n "$p" ] || { echo "tmux tests: runner $i ended without its count"; rc=1; p="0 0"; }
	pass=$((pass + ${p% *})) fail=$((fail + ${p#* }))
	i=$((i + 1))
done
# every check ran somewhere: as many claimed as there are checks to run
want=$(sh "$here/tmux_tests.sh" --list | cut -f1)
[ $# -gt 1 ] && shift && want=$*
for c in $want; do
	[ -d "$d/claims/$c" ] || { echo "tmux tests: $c was run by no runner"; rc=1; }
done
echo "tmux tests: $pass passed, $fail failed ($n runners)"
[ $rc = 0 ] && [ $fail = 0 ]
