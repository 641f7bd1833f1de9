# Issue 11: output paths that are files. A regular file is replaced whole and keeps its mode, a link
# stays a link and its file is replaced, a folder, a missing folder or a read-only file is refused
# naming the path, a 255-byte name works, and no temporary file is ever left behind.
cd "$(mktemp -d "$HOME/out.XXXXXX")" && umask 022 || exit 1
mode() { stat -c '%n %A %F' "$@"; }
echo old > t.csv; chmod 640 t.csv
$BL --format csv -c 'sweep cpus 1 2 committed_as.batch > t.csv'; echo "exit $?"; mode t.csv; cat t.csv
$BL -c 'set cpus 3; preset save ./t.preset'; chmod 600 t.preset; $BL -c 'set cpus 5; preset save ./t.preset'; echo "exit $?"; mode t.preset
ln -s t.preset link.preset; $BL -c 'set cpus 7; preset save link.preset'; echo "exit $?"; mode link.preset t.preset; $BL -c 'preset load t.preset; get cpus'
ln -s made.csv dangling.csv; $BL --format csv -c 'sweep cpus 1 1 committed_as.batch > dangling.csv'; echo "exit $?"; mode dangling.csv made.csv
mkdir dir; $BL -c 'sweep cpus 1 2 committed_as.batch > dir'; echo "exit $?"
$BL -c 'preset save nosuch/x.preset'; echo "exit $?"
chmod 444 t.csv; $BL -c 'sweep cpus 1 2 committed_as.batch > t.csv'; echo "exit $?"; mode t.csv
name=$(printf '%0255d' 0); $BL --format csv -c "sweep cpus 1 1 committed_as.batch > $name"; echo "exit $? $(wc -c < $name)"
name=$(printf '%0248d' 0).preset; $BL -c "preset save $name"; echo "exit $?" | sed "s/$name/NAME/"
# /dev/stdout is our own stdout (here a file): written where the shell's lines are, not over them
echo before; $BL --format csv -c 'sweep cpus 1 1 committed_as.batch > /dev/stdout'; echo "exit $?"; echo after
ls -A
