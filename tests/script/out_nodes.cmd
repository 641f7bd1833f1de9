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
# input side: a character device (the zero device, made here) as a preset or in a preset folder is
# refused as "not a regular file" without a byte read from it
mkdir presets && mknod presets/zero.preset c 1 5 && mknod zero c 1 5 || exit 1
BATCHLAB_PRESETS=$PWD/presets XDG_CONFIG_HOME=$PWD/none $GUARD 5 $BL -c 'preset list' | grep '^zero '; echo "exit $?"
$GUARD 5 $BL -c 'preset load ./zero'; echo "exit $?"; node zero
# --help and --version that cannot be written (a full device) exit 1 and say so
$BL --help > full; echo "help exit $?"
$BL --version > full; echo "version exit $?"
