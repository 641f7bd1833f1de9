# Issue 22: batchlab CMD ARGS... is batchlab -c 'CMD ARGS...' (git-style); the options before it
# are batchlab's, the words after it the command's (quoted as typed: none is split or lost).
. "$(dirname "$0")/names.sh" # the patch, preset and release lists by name (issue 37)
same() { if [ "$1" = "$2" ]; then echo "$3: same"; else echo "$3: DIFFERENT"; printf '%s\n---\n%s\n' "$1" "$2" | head -8; fi; }
same "$($BL show vmpressure)" "$($BL -c 'show vmpressure')" "show vmpressure"
same "$($BL -p vm-4g get vmpressure.window ram)" "$($BL -p vm-4g -c 'get vmpressure.window ram')" "-p vm-4g get"
same "$($BL --format json explain vmpressure.window.after)" "$($BL --format json -c 'explain vmpressure.window.after')" "--format json explain"
same "$($BL --width 72 about committed_as)" "$($BL -c 'about committed_as --width 72')" "--width 72 about"
same "$($BL sweep cpus 1 4 vmstat.threshold --format csv)" "$($BL --format csv -c 'sweep cpus 1 4 vmstat.threshold')" "sweep ... --format csv"
same "$($BL where vmpressure.window.after '>=' 6000 over ram 1G 1T x 2)" "$($BL -c 'where vmpressure.window.after >= 6000 over ram 1G 1T x 2')" "where with >="
# a word with a quote, a ';' or a '#' stays one word of the command
$BL echo "it's one; word #1" two
# a failing command: its error and status 1, as with -c
$BL show nosuch; echo "exit $?"
# a command with a mode is a mistake, said so (status 2)
$BL -c 'get cpus' show; echo "exit $?"
# a first word that is no command and near none
$BL zzzzz; echo "exit $?"
# issue 47: a word with a line break in it (a file so named) was "unterminated quote '"; it says what it is
$BL echo "$(printf 'a\nb')"; echo "exit $?"
