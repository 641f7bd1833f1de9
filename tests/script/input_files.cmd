# Issue 11: input files are opened without blocking and checked. A FIFO or device as a preset, or in a
# preset folder, is "not a regular file" (the listing marks it and goes on); nothing hangs ($GUARD, a
# hang guard scaled for valgrind and load, would end a hang with status 124 and say so on stderr). A preset over 1 MiB is refused; a byte-order mark is skipped.
cd "$(mktemp -d "$HOME/in.XXXXXX")" || exit 1
mkfifo fifo.preset; mkdir presets; mkfifo presets/pipe.preset; printf '# ok\ncpus = 3\n' > presets/fine.preset
$GUARD 5 $BL -c 'preset load ./fifo.preset'; echo "exit $?"
$GUARD 5 $BL -p ./fifo.preset -c 'get cpus'; echo "exit $?"
BATCHLAB_PRESETS=$PWD/presets XDG_CONFIG_HOME=$PWD/none $GUARD 5 $BL -c 'preset list' | grep -E '^(fine|pipe) '; echo "exit $?"
BATCHLAB_PRESETS=$PWD/presets XDG_CONFIG_HOME=$PWD/none $GUARD 5 $BL -c 'preset load pipe' 2>&1 | sed "s|$PWD|DIR|"
# -f takes a FIFO as a stream (a shell's <(...)) and, as cat does, waits for its writer (issue 21.11):
# a writer that opens it half a second late still has its commands run
# (the writer gives up after 30 s, so a batchlab that does not read never leaves this test hanging;
# 30, not 5: under valgrind on a busy machine batchlab itself may take seconds to start reading)
mkfifo late.fifo; (sleep 0.5; $GUARD 30 sh -c 'printf "get cpus\nset cpus 4; get cpus\n" > late.fifo') &
$GUARD 30 $BL -f late.fifo; echo "exit $?"; wait
# with no writer at all it waits (timeout ends it: 124), as cat would
timeout 1 $BL -f fifo.preset; echo "exit $?" # expected: 124, a wait with no end (not a hang guard)
$GUARD 5 $BL -f . ; echo "exit $?"
{ printf '# big\ncpus = 4\n'; head -c 1048576 /dev/zero | tr '\0' '#'; } > big.preset
$GUARD 5 $BL -c 'preset load ./big.preset'; echo "exit $?"
printf '\357\273\277# with a BOM\ncpus = 6\n' > bom.preset; $BL -c 'preset load ./bom.preset; get cpus'; echo "exit $?"
printf '\357\273\277get cpus\n' > bom.bl; $BL -f bom.bl; echo "exit $?"
# a read error is an error, not the end of the file (reading /proc/self/mem at 0 fails with EIO)
$GUARD 5 $BL -f /proc/self/mem; echo "exit $?"
$GUARD 5 $BL -c 'preset load /proc/self/mem'; echo "exit $?"
