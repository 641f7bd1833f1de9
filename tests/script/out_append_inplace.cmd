# Issue 21.12: '>>' is refused with a message (an output is replaced whole, as the man page says), never a
# file named '>out.csv'; a writable file in a folder that takes no new file is written in place, saying so.
cd "$HOME" || exit 1
$BL -c 'sweep cpus 1 2 memcg_charge.batch >>out.csv'; echo "exit $?"
$BL -c 'get cpus >> out.csv'; echo "exit $?"
ls
# The folder: no write permission. Root writes anyway (CAP_DAC_OVERRIDE), so as root batchlab runs without
# that capability (setpriv), and the folder's mode bars it as it bars a user.
mkdir ro && printf 'old\n' > ro/out.csv && printf 'old\n' > ro/m.preset && chmod 555 ro
if [ "$(id -u)" = 0 ]; then
	command -v setpriv >/dev/null || { chmod 755 ro; echo "skipped: root without setpriv cannot be barred from a folder" >&2; exit 77; }
	run() { setpriv --bounding-set=-dac_override,-dac_read_search -- "$@"; }
else
	run() { "$@"; }
fi
run touch ro/new 2>/dev/null && { chmod 755 ro; echo "skipped: the folder's mode does not bar this user" >&2; exit 77; }
run $BL -c 'sweep cpus 1 2 memcg_charge.batch > ro/out.csv'; echo "exit $?"
cat ro/out.csv
run $BL -c 'set cpus 6; preset save ro/m.preset'; echo "exit $?"
grep -c '^cpus  *= 6 ' ro/m.preset
# a new name there cannot be made at all: refused, as before
run $BL -c 'get cpus > ro/new.txt'; echo "exit $?"
ls ro
chmod 755 ro
