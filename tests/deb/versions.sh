#!/bin/sh
# One version everywhere: the Makefile's VERSION, NEWS's newest release,
# debian/changelog's newest entry and `batchlab --version` (with the commit
# when built from a clone) say the same; NEWS and debian/changelog list the same
# releases in the same order, each on the same day; the version is semantic
# (MAJOR.MINOR.PATCH); NEWS speaks to users, so it names no issue.
# usage: tests/deb/versions.sh ./batchlab
set -u
bl=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
fail=0
bad() { echo "versions: $*"; fail=1; }

make_v=$(sed -n 's/^VERSION *= *//p' "$top/Makefile")
news=$(sed -n 's/^Noteworthy changes in release \([^ ]*\) (\([0-9-]*\))$/\1 \2/p' "$top/NEWS")
# "batchlab (1.0.0) unstable; ..." and its " -- NAME <MAIL>  DATE" line, a release a pair
deb=$(awk '/^batchlab \(/ { v = $2; gsub(/[()]/, "", v) }
	/^ -- / { sub(/^ -- .*>  /, ""); print v, $0 }' "$top/debian/changelog" |
	while read -r v rest; do printf '%s %s\n' "$v" "$(date -u -d "$rest" +%Y-%m-%d 2>/dev/null || echo "bad-date:$rest")"; done)
bin_v=$("$bl" --version | sed -n 's/^batchlab \([^ ]*\).*/\1/p')

echo "$make_v" | grep -Eq '^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$' || bad "Makefile VERSION '$make_v' is not MAJOR.MINOR.PATCH"
[ -n "$news" ] || bad "NEWS has no 'Noteworthy changes in release X.Y.Z (YYYY-MM-DD)' line"
[ "$(echo "$news" | head -1 | cut -d' ' -f1)" = "$make_v" ] || bad "NEWS's newest release is '$(echo "$news" | head -1)', the Makefile's $make_v"
[ "$(echo "$deb" | head -1 | cut -d' ' -f1)" = "$make_v" ] || bad "debian/changelog's newest entry is '$(echo "$deb" | head -1)', the Makefile's $make_v"
[ "$bin_v" = "$make_v" ] || bad "$bl --version says '$bin_v', the Makefile $make_v"
if [ "$news" != "$deb" ]; then
	bad "NEWS and debian/changelog list other releases or days:"
	printf 'NEWS:\n%s\ndebian/changelog:\n%s\n' "$news" "$deb"
fi
if grep -nEi '#[0-9]|\bissues? [0-9]' "$top/NEWS"; then
	bad "NEWS names an issue (above): say what the user sees instead"
fi
# built from a clone: the commit it was built from, -dirty with uncommitted changes
if [ -e "$top/.git" ] && command -v git >/dev/null 2>&1; then
	want=$(cd "$top" && git rev-parse --short=12 HEAD)
	"$bl" --version | grep -Eq "^batchlab $make_v \(git $want(-dirty)?\)$" ||
		bad "$bl --version says '$("$bl" --version)': expected 'batchlab $make_v (git $want[-dirty])'"
fi
[ $fail = 0 ] && echo "versions: $make_v in the Makefile, NEWS, debian/changelog and --version; $(echo "$news" | wc -l) releases in step"
exit $fail
