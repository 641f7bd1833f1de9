# Issue 34, item 5: --format json is one document for every run - echo's text a result of its own,
# a lesson's transcript one result (the lesson command and --lesson), lesson's list, and a run that
# prints nothing (only set, an empty -f file, stdin of only set) the empty document; jsonl a valid
# line for every line. Each read back by python (doc_check.py: the schema of each kind, no key twice).
py=/usr/bin/python3 chk=$(pwd)/doc_check.py
cd "$HOME" || exit 1 # every file the test writes is in its own folder
$BL --format json -c 'echo first; get cpus; echo a "quoted" word; echo' > echo.json; $py $chk json echo.json
$BL --format jsonl -c 'echo first; get cpus' > echo.jsonl; $py $chk jsonl echo.jsonl
jq -c '.results[0].rows, .results[2].rows, .results[3].rows' echo.json
$BL --format json -c 'lesson' > list.json; $py $chk json list.json | sed 's/: [0-9]* rows/: N rows/'
$BL --format json --lesson > list2.json; $py $chk json list2.json | sed 's/: [0-9]* rows/: N rows/'
# a lesson's answers from stdin (wrong ones: the lesson's status is 1, its transcript still whole)
printf '1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n' | $BL --format json -c 'get ram; lesson memcg_charge' > lesson.json; echo "status $?"
$py $chk json lesson.json | sed 's/: [0-9]* rows/: N rows/'
jq -r '.results[1].rows[0].text' lesson.json | cut -c1-22
printf '1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n' | $BL --format jsonl --lesson memcg_charge > lesson.jsonl; echo "status $?"
$py $chk jsonl lesson.jsonl | sed "s/ [0-9]* rows/ N rows/"
$BL --format json --lesson memcg_charge --check > check.json; echo "status $?"; $py $chk json check.json | sed 's/: [0-9]* rows/: N rows/'
# runs that print nothing
$BL --format json -c 'set cpus 4' > none.json; $py $chk json none.json
: > empty.bl; $BL --format json -f empty.bl > none2.json; $py $chk json none2.json
echo 'set cpus 4' | $BL --format json > none3.json; $py $chk json none3.json
