$BL --bogus; echo "status $?"; $BL -c; echo "status $?"; $BL -c 'get cpus' -f x; echo "status $?"; $BL --format xml -c 'get cpus'; echo "status $?"; $BL --version | sed "s/ (git [0-9a-f]*\(-dirty\)\{0,1\})$//"
# issue 34: one line each; two lessons at once refused; a file name's escape sequence reaches the terminal as text
$BL --lesson memcg_charge --lesson vmpressure; echo "status $?"
$BL -f "$(printf 'no\033[2Jsuch')"; echo "status $?"
