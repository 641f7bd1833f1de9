# Issue 35, item 2: a command's row says which output options it takes (.out in lang/cmd.h) and
# the dispatcher applies them. A command that takes --format but renders only text (help's prose
# topics, echo) gives a json document all the same - its text a result of its own, a record a
# line - to stdout, in a json run, and to > PATH.json; a command that takes none (set, quit)
# refuses them as arguments. Each document read back by python's json.
cd "$HOME" || exit 1 # every file the test writes is in its own folder
py=/usr/bin/python3
rd='import json,sys
for path in sys.argv[1:]:
    d = json.load(open(path))
    print(path, "results:", len(d["results"]))
    for r in d["results"]:
        keys = sorted({k for row in r["rows"] for k in row})
        print("  %s: rows %s, fields %s" % (r["command"], "some" if r["rows"] else "none", keys))'
rdl='import json,sys
lines = [json.loads(l) for l in open(sys.argv[1])]
print(sys.argv[1], "lines:", "some" if lines else "none", "every one json")'
$BL help settings --format json > settings.json
$BL --format json -c 'help settings; echo said; help tour' > run.json
$BL -c 'help settings > to.json; echo wrote it'
$py -c "$rd" settings.json run.json to.json
$BL help tour --format jsonl > tour.jsonl; $py -c "$rdl" tour.jsonl
# the first line of help settings is the same text either way
$BL help settings | head -1
$py -c 'import json; print(json.load(open("settings.json"))["results"][0]["rows"][0]["text"])'
# csv and table take the text as it is
$BL -c 'echo a b --format csv; echo c --format table'
# a command whose row takes no output options: the words are its arguments, and it says so
$BL set cpus 4 --format json; echo "status $?"
$BL quit --format json; echo "status $?"
