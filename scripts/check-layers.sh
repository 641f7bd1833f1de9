#!/bin/sh
# The arrows point down: core/ includes only core/ and libc; lang/ includes core/
# and libc; neither touches curses or readline. Core's own unit tests must link
# neither library (checked with ldd on the binaries given).
# usage: scripts/check-layers.sh build/tests/test_core...
set -u
bad=0
say() { echo "layers: $*"; bad=1; }
for f in core/*.c core/*.h core/mm/*.c core/mm/*.h; do
	grep -nE '#include *[<"](curses|ncurses|readline|term)' "$f" && say "$f uses the terminal"
	grep -nE '#include *"(\.\./)+(lang|tui)/' "$f" && say "$f reaches up into lang/ or tui/"
	grep -nE '\b(printf|fprintf|puts|fputs|fopen|fwrite)\(' "$f" && say "$f does I/O"
done
for f in lang/*.c lang/*.h lang/cmd/*.c lang/cmd/*.h lang/out/*.c lang/out/*.h; do
	[ -e "$f" ] || continue
	grep -nE '#include *[<"](curses|ncurses|readline)' "$f" && say "$f uses the terminal"
	grep -nE '#include *"(\.\./)+tui/' "$f" && say "$f reaches up into tui/"
done
# lang/out/ is the floor of the language: it writes what it is given as arguments and runs no
# command, so it includes only its own headers and core's (not cmd/, the session or the claims).
for f in lang/out/*.c lang/out/*.h; do
	[ -e "$f" ] || continue
	grep -nE '#include *"\.\./' "$f" | grep -vE '"\.\./\.\./core/' && say "$f (the output floor) reaches up into lang/"
done
# One error helper: err_set() (core/err.c), not a macro of each file's own.
grep -nE '#define +ERR\(|snprintf\(err, *errlen,.*\), *-1;' core/*.c core/mm/*.c lang/*.c lang/cmd/*.c lang/out/*.c tui/*.c && say "an error return not through err_set()"
# No two files share a name, in any two folders: a name says which file it is. Debian's tools
# name debian/control and debian/tests/control (autopkgtest) themselves.
dups=$(git ls-files 2>/dev/null | grep -vE '(^|/)(\.gitkeep|README(\.md)?)$|^tests/(script|regress)/|^fuzz/corpus/|^debian/tests/control$' |
	sed 's@.*/@@' | sort | uniq -d)
[ -z "$dups" ] || say "file names used in two folders: $dups"
for t in "$@"; do
	if ldd "$t" | grep -E 'ncurses|tinfo|readline'; then say "$t links a terminal library"; fi
done
[ $bad = 0 ] || exit 1
echo "layers: core/ and lang/ stay below the terminal; $# core test(s) link neither curses nor readline"
