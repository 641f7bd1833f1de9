# A user's lesson in the XDG data folder, answered from stdin: a wrong answer gets the hint,
# a right one within its tolerance is accepted, a wrong design is refused, three misses show the answer.
# The right answers are worked out here from the formulas, not taken from batchlab:
#   vmstat threshold, 8 CPUs, default zone 66060288 pages: min(125, 2*fls(8)*(1+fls(66060288>>15)))
#   = 2*4*(1+fls(2016)) = 8*12 = 96
#   at 1 GiB: totalram = 262144 - 262144*64/4096 = 258048 pages, 258048>>15 = 7, 512*(1+fls(7)) = 2048 > 1024
#   committed_as batch after/before on the default machine: (66060288/64/4) / (66060288/64/256) = 64
d=$HOME/data/batchlab/lessons; mkdir -p $d
cat > $d/tiny.lesson <<'L'
title A tiny lesson
step Counting
set cpus 8
say The threshold here is {get vmstat.threshold}.
ask The vmstat threshold on 8 CPUs?
answer get vmstat.threshold
hint Two times fls(cpus) times one more than fls of the zone in 128 MiB units.
ask How many times larger is the committed_as batch after the patch?
answer {get committed_as.batch.after} / {get committed_as.batch.before} within 2%
step Designing
ask A window of at most 1024 pages from 1 GiB to 1 TiB?
check variant vmpressure mine = {answer}; expect vmpressure.window.mine <= 1024 over ram 1G 1T
solution min(1024, 512 * (1 + fls(mem128m)))
ask Never asked right: how many CPUs?
answer get cpus
L
# blocks: a blank line between questions, a line per try
printf '95\n96\n\n63\n\n512 * (1 + fls(mem128m))\nmin(1024, 512 * (1 + fls(mem128m)))\n\n1\n2\n3\n' |
	XDG_DATA_HOME=$HOME/data $BL --lesson tiny
echo "status $?"
# lines: a line per question, one try each - all right: status 0
printf '96\n65\nmin(1000, 512)\n8\n' | XDG_DATA_HOME=$HOME/data $BL --lesson tiny > $HOME/ok.out; echo "status $?"
tail -1 $HOME/ok.out
# a wrong first answer does not shift the others onto the next questions (3 of 4, not 2 of 4)
printf '95\n64\nmin(1000, 512)\n8\n' | XDG_DATA_HOME=$HOME/data $BL --lesson tiny > $HOME/shift.out; echo "status $?"
tail -1 $HOME/shift.out
# numbered, in any order, a try repeated by its number; comments; a line past the last question is not used
printf '# Ada, homework 1\n4: 8\n1: 95\n2: 64\n1: 96\n3: min(1000, 512)\n5: 12\n' |
	XDG_DATA_HOME=$HOME/data $BL --lesson tiny | sed -n '/^Grade/,$p'
# a NUL in an answer is one wrong try, not a cut answer; a long line is one try, not several
printf '96\n64\nmin(1000,\000 512)\n%05000d\n' 8 | XDG_DATA_HOME=$HOME/data $BL --lesson tiny | sed -n '/^Grade/,$p' | cut -c1-90
