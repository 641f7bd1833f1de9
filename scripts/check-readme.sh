#!/bin/sh
# The README is for a user and a newcomer to the code, short enough to read
# whole: under 25 KB, no issue numbers and no commit ids (the history is git's),
# and no count of patches, lessons, presets, metrics or models written by hand
# (a count goes stale the day one is added: `about`, `lesson` and `preset list`
# say how many there are). usage: scripts/check-readme.sh [README.md]
set -u
f=${1:-README.md}
bad=0
say() { echo "readme: $f: $*"; bad=1; }
size=$(wc -c <"$f")
[ "$size" -lt 25600 ] || say "$size bytes, more than 25 KB"
grep -nE '[Ii]ssues? *#?[0-9]+|(^|[ (])#[0-9]{2,}\b' "$f" && say "an issue number (above)"
# a commit id: 7 to 40 hex digits with a letter and a digit among them, as a word of its own
grep -noE '(^|[^0-9A-Za-z_.-])[0-9a-f]{7,40}([^0-9A-Za-z_-]|$)' "$f" | grep '[0-9]' | grep '[a-f]' && say "a commit id (above)"
grep -niE '(^|[^0-9A-Za-z_.-])([0-9]+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a dozen)[ -]+(built-in +)?(patch(es)?|lessons?|presets?|metrics?|(patch )?models?)\b' "$f" &&
	say "a count written by hand (above): generate it or leave it out"
[ $bad = 0 ] || exit 1
echo "readme: $f is $size bytes, with no issue number, commit id or hand-written count"
