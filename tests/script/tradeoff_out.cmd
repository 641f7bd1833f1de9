# Issue 13 + INTERFACE.md: tradeoff writes to a file as sweep and plot do (lang/out/outpath.c parses,
# lang/out/outfile.c writes). The file must hold exactly what stdout gets in the format its suffix
# picks (unless --format says), an existing file keeps its mode, and no temporary is left behind.
cd "$(mktemp -d "$HOME/tradeoff.XXXXXX")" && umask 022 || exit 1
same() { if cmp -s "$1" "$2"; then echo "$3: same"; else echo "$3: DIFFERENT"; diff "$1" "$2" | head -5; fi; }
$BL -c 'tradeoff memcg_charge > t.csv'; echo "exit $?"
$BL --format csv -c 'tradeoff memcg_charge' > want.csv; same want.csv t.csv "> t.csv is csv"
$BL -c 'tradeoff vmpressure --output=t.json'; echo "exit $?"
$BL --format json -c 'tradeoff vmpressure' > want.json; same want.json t.json "--output=t.json is json"
$BL -c 'tradeoff committed_as >t.txt'; echo "exit $?"
$BL -c 'tradeoff committed_as' > want.txt; same want.txt t.txt ">t.txt is the table"
echo old > t2.csv; chmod 640 t2.csv
$BL --format json -c 'tradeoff proactive_reclaim over reclaim_divisor 2 8 x 2 --output t2.csv'; echo "exit $?"
$BL --format json -c 'tradeoff proactive_reclaim over reclaim_divisor 2 8 x 2' > want2; same want2 t2.csv "--format json wins over .csv"
stat -c '%n %A' t2.csv
head -1 t.csv
$BL -c 'tradeoff vmpressure > a.csv > b.csv'; echo "exit $?"
$BL -c 'tradeoff vmpressure >'; echo "exit $?"
$BL -c 'tradeoff vmpressure > nosuch/x.csv'; echo "exit $?"
ls -A
