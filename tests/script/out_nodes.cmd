# Issue 11: an output path that is not a regular file is streamed into, never replaced.
# The nodes are made here, in the test's own folder: the machine's /dev is never touched.
[ "$(id -u)" = 0 ] || { echo "needs root to mknod" >&2; exit 77; }
cd "$(mktemp -d "$HOME/out.XXXXXX")" && mknod null c 1 3 && mknod full c 1 7 && mkfifo fifo || exit 1
node() { stat -c '%n %F %t,%T' "$1"; }
$BL -c 'sweep cpus 1 4 committed_as.batch > null'; echo "exit $?"; node null
$BL -c 'sweep cpus 1 4 committed_as.batch >null; set cpus 2; preset save ./null'; echo "exit $?"; node null
$BL --format csv -c 'sweep cpus 1 4 committed_as.batch --output full'; echo "exit $?"; node full
$BL -c 'preset save ./full'; echo "exit $?"; node full
ln -s null null-link; $BL -c 'sweep cpus 1 4 committed_as.batch > null-link'; echo "exit $?"; node null-link; node null
# a FIFO a reader waits on gets the rows; with nobody reading it is an error, not a hang
cat fifo > got & $BL --format csv -c 'sweep cpus 1 2 committed_as.batch > fifo'; echo "exit $?"; wait; cat got; node fifo
$BL -c 'sweep cpus 1 2 committed_as.batch > fifo'; echo "exit $?"; node fifo
ls -A
