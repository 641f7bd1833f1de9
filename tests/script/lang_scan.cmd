# Issue 11: one scanner for -c, -f, stdin and the prompt. A comment ends at its line's end in every
# mode; an error among several -c commands names which one; a quote does not swallow later lines.
$BL -c '# note
get cpus'; echo "exit $?"
$BL -c 'set cpus 4 # four; frob
get cpus; frob; get ram'; echo "exit $?"
$BL -c 'get cpus # only one'; echo "exit $?"
$BL -c 'get pagesize; set cpus "8'; echo "exit $?"
printf '# note\nget cpus # c\nset cpus 2; get cpus\n' | $BL; echo "exit $?"
printf '# note\nget cpus # c\nset cpus 2; get cpus\n' | $BL --repl; echo "exit $?"
printf '# note\nget cpus\n' > "$HOME/scan.bl"; $BL -f "$HOME/scan.bl"; echo "exit $?"
# a byte-order mark at the start of a script or -c is skipped
printf '\357\273\277get cpus\n' | $BL; echo "exit $?"
$BL -c "$(printf '\357\273\277get cpus')"; echo "exit $?"
# echoed back escaped: ESC, a C1 control (CSI, U+009B), an invalid byte
$BL -c "$(printf 'set cpus "\033[31m\302\233\377"')"; echo "exit $?"
