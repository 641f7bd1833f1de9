# Issue 51: no count of patches, lessons or presets is written by hand in prose - the docs, the
# man pages, the lessons, --help: a count there comes from the rows or is not there (the README:
# prose_counts_readme). The checker itself must catch one (the last line), or it proves nothing.
py=/usr/bin/python3 chk=$(pwd)/prose_counts.py top=$(cd ../.. && pwd)
$BL --help | $py $chk -=--help; echo "--help: status $?"
(cd "$top" && $py $chk docs/*.md man/*.1 man/*.5 lessons/*.lesson); echo "files: status $?"
printf 'Seven guided tours come built in; up to three presets; 100,000 presets; two patches whose\n' | $py $chk -=sample; echo "sample: status $?"
