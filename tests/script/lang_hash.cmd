# Issue 21.2: '#' starts a comment only at a word's start, as in sh: a path may hold one
cd "$HOME" || exit 1
$BL -c 'set cpus 2; sweep cpus 1 2 committed_as.batch > hash#1.csv; preset save ./c#1.preset # saved'; echo "exit $?"
ls
head -2 'hash#1.csv'
grep -c '^cpus  *= 2 ' 'c#1.preset'
$BL -c 'get cpus#1'; echo "exit $?"
$BL -c 'get cpus #1'; echo "exit $?"
# a preset file reads '#' the same way: a comment at a word's start, a letter inside one
printf 'cpus = 8 # eight\n' > ok.preset; $BL -c 'preset load ./ok.preset; get cpus'; echo "exit $?"
printf 'cpus = 8#x\n' > bad.preset; $BL -c 'preset load ./bad.preset'; echo "exit $?"
# Issue 21.13: a quote inside a word is one word for both passes (as in sh), not a command split
$BL -c 'get cpus"; get ram"'; echo "exit $?"
$BL -c 'get c"pu"s'; echo "exit $?"
