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
printf '95\n96\n63\n512 * (1 + fls(mem128m))\nmin(1024, 512 * (1 + fls(mem128m)))\n1\n2\n3\n' |
	XDG_DATA_HOME=$HOME/data $BL --lesson tiny
echo "status $?"
# all right: status 0
printf '96\n65\nmin(1000, 512)\n8\n' | XDG_DATA_HOME=$HOME/data $BL --lesson tiny > $HOME/ok.out; echo "status $?"
tail -1 $HOME/ok.out
