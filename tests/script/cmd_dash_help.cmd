# Issue 51: batchlab CMD --help (or -h) prints what help CMD says, status 0, where it was an error.
cd "$HOME" || exit 1
$BL sweep --help > a.txt; echo "status $?"; $BL -c 'help sweep' > b.txt; cmp a.txt b.txt && echo "sweep --help is help sweep"
$BL get -h | head -1; echo "status $?"
