# Issue 22: every command that prints takes > PATH, --output PATH, --format FMT and --width N
# inside it, with the meaning they have before -c (lang/out/outopts.c, taken by cmd_run). A file holds
# exactly what stdout gets for the same command without the option; --format inside a command is
# what --format before -c gives, and lasts for that command only.
# Under valgrind (BL_WRAP) its about 100 runs of the same paths the plain and ASan runs check take most of
# make check's valgrind pass: skipped there, saying so.
. "$(dirname "$0")/names.sh" # the patch, preset and release lists by name (issue 37)
[ -z "${BL_WRAP:-}" ] || { echo "skipped under valgrind: about 100 runs, checked by the plain and ASan runs" >&2; exit 77; }
cd "$(mktemp -d "$HOME/every.XXXXXX")" && umask 022 || exit 1
same() { if cmp -s "$1" "$2"; then echo "$3: same"; else echo "$3: DIFFERENT"; diff "$1" "$2" | head -5; fi; }
# (plot without --ascii: with --format json or csv it is refused, a text chart and records at once; LC_ALL=C draws in ASCII anyway)
for c in 'show vmpressure' 'show machine' 'explain vmpressure.detect_s.after' 'about memcg_charge' 'get cpus vmpressure.window' \
	 'help sweep' 'help' 'where vmpressure.window >= 6000 over ram 1G 1T x 2' 'preset list' 'sweep cpus 1 4 vmstat.threshold' \
	 'tradeoff vmpressure' 'plot vmpressure.window over ram 1G 64G --width 60'; do
	$BL -c "$c" > want; $BL -c "$c > got"; same want got "$c > PATH"
	$BL -c "$c --output got2"; same want got2 "$c --output PATH"
	$BL --format json -c "$c" > want.json; $BL -c "$c --format json" > got.json; same want.json got.json "$c --format json"
	$BL -c "$c --output=x.csv --format=csv"; $BL --format csv -c "$c" > want.csv; same want.csv x.csv "$c --output=x.csv --format=csv"
done
# a PATH ending .json picks json unless --format says otherwise
$BL -c 'show vmpressure > s.json'; $BL --format json -c 'show vmpressure' > want; same want s.json "show > s.json"
$BL -c 'show vmpressure > s.json --format table'; $BL -c 'show vmpressure' > want; same want s.json "--format table wins over .json"
# --format inside one command is for that command only
$BL -c 'get cpus --format csv; get cpus'
# where's OP is an argument, never a path: '>' and '>=' compare, a later '> PATH' writes
$BL -c 'where vmpressure.window.after > 6000 over ram 1G 1T x 2'
$BL -c 'where vmpressure.window.after > 6000 over ram 1G 1T x 2 > w.txt'; cat w.txt
# --width before -c and inside: the same check, the same range
$BL --width 23 -c 'show'; echo "exit $?"
$BL -c 'about vmpressure --width 1001'; echo "exit $?"
$BL -c 'help --width'; echo "exit $?"
$BL -c 'get cpus --format xml'; echo "exit $?"
$BL -c 'explain vmpressure.window > a > b'; echo "exit $?"
$BL -c 'show vmpressure >'; echo "exit $?"
$BL -c 'about vmpressure > nosuch/x'; echo "exit $?"
# an error in the command writes no file
$BL -c 'about nosuch > never'; echo "exit $?"
ls -A | grep -v '^want\|^got\|^x.csv'
