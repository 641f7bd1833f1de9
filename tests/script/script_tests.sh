#!/bin/sh
# Script tests: each NAME.cmd is a shell command run with $BL set to the binary;
# its whole stdout must equal NAME.out, its stderr NAME.err (empty if absent),
# its exit status NAME.status (0 if absent).
# A test that exits 77 is skipped (one that needs root to mknod a device node in its folder).
# BL_WRAP, if set, is a command every run goes through (valgrind ...).
# A wall-clock limit in a test is a hang guard: $GUARD SECONDS COMMAND (guard.sh), scaled for
# valgrind, ASan and the load (tests/guard_scale.sh: BL_GUARD_SCALE).
# Each test gets a folder of its own as HOME (and its config and state), so
# tests run side by side: BL_JOBS at a time (default: the CPUs there are).
# usage: [BL_WRAP='valgrind ...' [BL_WRAP_EVERY=N]] [BL_JOBS=N] tests/script/script_tests.sh ./batchlab [NAME...]
# With NAMEs (err_range, or err_range.cmd) only those run.
set -u
here=$(cd "$(dirname "$0")" && pwd)

# One test, in its own folder $2; its verdict (PASS/FAIL/SKIP lines) goes to $2/verdict.
if [ "${1:-}" = --one ]; then
	cmd=$2 dir=$3 name=$(basename "$2" .cmd)
	mkdir -p "$dir/home"
	(cd "$here" && BL_WRAP_COUNT="$dir/wrap_runs" HOME="$dir/home" XDG_CONFIG_HOME="$dir/home/config" XDG_STATE_HOME="$dir/home/state" \
		sh "$cmd" </dev/null >"$dir/out" 2>"$dir/err"; echo $? >"$dir/status")
	{
		if [ "$(cat "$dir/status")" = 77 ]; then
			echo "SKIP $name: $(head -1 "$dir/err")"; exit 0
		fi
		want_status=0
		[ -f "$here/$name.status" ] && want_status=$(cat "$here/$name.status")
		ok=1
		if ! cmp -s "$dir/out" "$here/$name.out"; then
			echo "FAIL $name: stdout differs"; diff "$here/$name.out" "$dir/out" | head -20; ok=0
		fi
		if [ -f "$here/$name.err" ]; then
			cmp -s "$dir/err" "$here/$name.err" || { echo "FAIL $name: stderr differs"; diff "$here/$name.err" "$dir/err" | head -10; ok=0; }
		elif [ -s "$dir/err" ]; then
			echo "FAIL $name: unexpected stderr"; head -5 "$dir/err"; ok=0
		fi
		[ "$(cat "$dir/status")" = "$want_status" ] || { echo "FAIL $name: exit $(cat "$dir/status"), expected $want_status"; ok=0; }
		[ $ok = 1 ] && echo "PASS $name"
	} >"$dir/verdict"
	exit 0
fi

BL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
for n; do
	shift
	n=${n%.cmd}
	[ -f "$here/$n.cmd" ] || { echo "script tests: no test $n (tests/script/$n.cmd)"; exit 1; }
	set -- "$@" "$here/$n.cmd"
done
[ $# -gt 0 ] || set -- "$here"/*.cmd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# BL_WRAP_EVERY=N: a test's runs 1, 1+N, 1+2N ... go through BL_WRAP, the others run the binary as
# it is (counted per test, in its folder: BL_WRAP_COUNT). valgrind costs about a second a run in start-up alone, and
# the ASan pass runs every run of every test: make check's valgrind pass takes every fifth (VALGRIND_EVERY, issue 35).
if [ -n "${BL_WRAP:-}" ]; then
	cat >"$tmp/batchlab" <<EOF
#!/bin/sh
c=\${BL_WRAP_COUNT:-/nonexistent/.}
n=\$(cat "\$c" 2>/dev/null || echo 0)
echo \$((n + 1)) 2>/dev/null >"\$c"
[ \$((n % ${BL_WRAP_EVERY:-1})) = 0 ] || exec "$BL" "\$@"
exec $BL_WRAP "$BL" "\$@"
EOF
	chmod +x "$tmp/batchlab"
	BL=$tmp/batchlab
fi
export BL LC_ALL=C BATCHLAB_PRESETS="$here/../../presets" BATCHLAB_LESSONS="$here/../../lessons" BATCHLAB_PATCHES="$here/../../patches" GUARD="$here/guard.sh"
. "$here/../guard_scale.sh"
jobs=${BL_JOBS:-$(nproc 2>/dev/null || echo 1)}
for cmd; do printf '%s\n' "$cmd"; done |
	xargs -P "$jobs" -I{} sh -c 'n=$(basename "$2" .cmd); exec sh "$1" --one "$2" "$3/t/$n"' sh "$here/script_tests.sh" {} "$tmp"
pass=0 fail=0 skipped=0
for cmd; do
	v=$tmp/t/$(basename "$cmd" .cmd)/verdict
	if [ ! -f "$v" ]; then echo "FAIL $(basename "$cmd" .cmd): did not run"; fail=$((fail + 1)); continue; fi
	case $(head -1 "$v") in
	PASS*) pass=$((pass + 1)) ;;
	SKIP*) skipped=$((skipped + 1)); cat "$v" ;;
	*) fail=$((fail + 1)); cat "$v" ;;
	esac
done
echo "script tests: $pass passed, $fail failed, $skipped skipped"
[ $fail = 0 ]
