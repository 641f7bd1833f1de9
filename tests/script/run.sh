#!/bin/sh
# Script tests: each NAME.cmd is a shell command run with $BL set to the binary;
# its whole stdout must equal NAME.out, its stderr NAME.err (empty if absent),
# its exit status NAME.status (0 if absent).
# A test that exits 77 is skipped (one that needs root to mknod a device node in its folder).
# BL_WRAP, if set, is a command every run goes through (valgrind ...).
# usage: [BL_WRAP='valgrind ...'] tests/script/run.sh ./batchlab [NAME...]
# With NAMEs (err_range, or err_range.cmd) only those run.
set -u
BL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
here=$(cd "$(dirname "$0")" && pwd)
for n; do
	shift
	n=${n%.cmd}
	[ -f "$here/$n.cmd" ] || { echo "script tests: no test $n (tests/script/$n.cmd)"; exit 1; }
	set -- "$@" "$here/$n.cmd"
done
[ $# -gt 0 ] || set -- "$here"/*.cmd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "${BL_WRAP:-}" ]; then
	printf '#!/bin/sh\nexec %s "%s" "$@"\n' "$BL_WRAP" "$BL" >"$tmp/batchlab"
	chmod +x "$tmp/batchlab"
	BL=$tmp/batchlab
fi
export BL LC_ALL=C BATCHLAB_PRESETS="$here/../../presets" XDG_CONFIG_HOME="$tmp/config" XDG_STATE_HOME="$tmp/state" HOME="$tmp"
pass=0 fail=0 skipped=0
for cmd; do
	name=$(basename "$cmd" .cmd)
	(cd "$here" && sh "$cmd" </dev/null >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/status")
	if [ "$(cat "$tmp/status")" = 77 ]; then
		skipped=$((skipped + 1)); echo "SKIP $name: $(head -1 "$tmp/err")"; continue
	fi
	want_status=0
	[ -f "$here/$name.status" ] && want_status=$(cat "$here/$name.status")
	ok=1
	if ! cmp -s "$tmp/out" "$here/$name.out"; then
		echo "FAIL $name: stdout differs"; diff "$here/$name.out" "$tmp/out" | head -20; ok=0
	fi
	if [ -f "$here/$name.err" ]; then
		cmp -s "$tmp/err" "$here/$name.err" || { echo "FAIL $name: stderr differs"; diff "$here/$name.err" "$tmp/err" | head -10; ok=0; }
	elif [ -s "$tmp/err" ]; then
		echo "FAIL $name: unexpected stderr"; head -5 "$tmp/err"; ok=0
	fi
	[ "$(cat "$tmp/status")" = "$want_status" ] || { echo "FAIL $name: exit $(cat "$tmp/status"), expected $want_status"; ok=0; }
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "script tests: $pass passed, $fail failed, $skipped skipped"
[ $fail = 0 ]
