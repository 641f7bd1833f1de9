#!/bin/sh
# Shell completion in a real bash (and zsh, when installed): the generated script loads,
# registers itself, and completes options, option values, presets (the user's too),
# commands and metric names; `make install` puts both files where the shells look.
# usage: tests/completion/completion_tests.sh ./batchlab
set -u
BL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
ln -s "$BL" "$tmp/bin/batchlab"
export PATH="$tmp/bin:$PATH" HOME="$tmp" XDG_CONFIG_HOME="$tmp/config" XDG_STATE_HOME="$tmp/state" \
	BATCHLAB_PRESETS="$top/presets" LC_ALL=C
pass=0 fail=0

# in_bash CODE: run CODE in a fresh bash with the completion sourced
in_bash() { bash --norc --noprofile -c ". '$top/completion/batchlab.bash' && $1" 2>&1; }

# completes WANT WORD...: _batchlab on the words (the last one being typed) offers WANT
completes() {
	want=$1
	shift
	printf '%s\n' "$@" >"$tmp/words" # one word a line: quotes in them stay the user's
	got=$(in_bash "mapfile -t COMP_WORDS <'$tmp/words'; COMP_CWORD=\$((\${#COMP_WORDS[@]} - 1)); _batchlab; printf '%s\n' \"\${COMPREPLY[@]}\"")
	if printf '%s\n' "$got" | grep -qxF -- "$want"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL completing '$*': no '$want' in:"
		printf '%s\n' "$got" | head -8 | sed 's/^/     | /'
	fi
}

# not_completes UNWANTED WORD...
not_completes() {
	unwanted=$1
	shift
	printf '%s\n' "$@" >"$tmp/words" # one word a line: quotes in them stay the user's
	got=$(in_bash "mapfile -t COMP_WORDS <'$tmp/words'; COMP_CWORD=\$((\${#COMP_WORDS[@]} - 1)); _batchlab; printf '%s\n' \"\${COMPREPLY[@]}\"")
	if printf '%s\n' "$got" | grep -qxF -- "$unwanted"; then
		fail=$((fail + 1))
		echo "FAIL completing '$*' offered '$unwanted'"
	else
		pass=$((pass + 1))
	fi
}

check() { # NAME COMMAND...: the command succeeds
	name=$1
	shift
	if out=$("$@" 2>&1); then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name"; printf '%s\n' "$out" | head -5; fi
}

# registered, and a partial metric name completes from the metric table
check "complete -p batchlab after sourcing" sh -c "[ \"\$(bash --norc --noprofile -c \". '$top/completion/batchlab.bash' && complete -p batchlab\")\" = 'complete -F _batchlab batchlab' ]"
got=$(in_bash 'compgen -W "$_batchlab_words" -- vmpressure.win')
for m in vmpressure.window vmpressure.window.before vmpressure.window.after vmpressure.window_bytes; do
	if printf '%s\n' "$got" | grep -qxF "$m"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL compgen vmpressure.win: no $m"; fi
done
# every metric of help metrics is there (the table, not a copy of it)
for m in $("$BL" --format csv -c 'help metrics' | sed 1d | cut -d, -f1); do
	in_bash "compgen -W \"\$_batchlab_words\" -- '$m'" | grep -qxF "$m" || { fail=$((fail + 1)); echo "FAIL metric $m not offered"; }
done

completes --format batchlab --form
completes --preset batchlab --pre
completes -V batchlab -
completes json batchlab --format j
completes csv batchlab --format ''
completes vm-4g batchlab -p vm-
completes vm-4g batchlab --preset vm
# a preset the user saved is offered too (asked of batchlab itself)
"$BL" -c 'preset save my-own-box' >/dev/null
completes my-own-box batchlab -p my-
# inside -c: the first word of a statement is a command, later words keys and metrics
completes "'sweep" batchlab -c "'swe"
completes "'get vmpressure.window.after" batchlab -c "'get vmpressure.window.a"
completes "'set cpus 4; get cpus" batchlab -c "'set cpus 4; get cp"
completes "'show vmpressure" batchlab -c "'show vmpr"
not_completes "'cpus" batchlab -c "'cp"
# git-style: a first word that is a command, then its words; options before it stay batchlab's
completes show batchlab sh
completes --width batchlab --wi
completes get batchlab -p vm-4g ge
completes vmpressure batchlab show vmp
completes --width batchlab show vmpressure --wi
completes vmpressure.window.after batchlab -p vm-4g get vmpressure.window.a
not_completes vmpressure batchlab vmp

if command -v zsh >/dev/null; then
	check "zsh reads _batchlab" zsh -n "$top/completion/_batchlab"
else
	echo "skip zsh: not installed (completion/_batchlab is generated from the same rows)"
fi

# make install: both files in the standard places under DESTDIR
check "make install puts the completions in place" make -s -C "$top" install DESTDIR="$tmp/root" PREFIX=/usr
for f in "$tmp/root/usr/share/bash-completion/completions/batchlab" "$tmp/root/usr/share/zsh/site-functions/_batchlab"; do
	if [ -f "$f" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL not installed: $f"; fi
done
cmp -s "$tmp/root/usr/share/bash-completion/completions/batchlab" "$top/completion/batchlab.bash" ||
	{ fail=$((fail + 1)); echo "FAIL the installed bash completion differs"; }

echo "completion tests: $pass passed, $fail failed"
[ $fail = 0 ]
