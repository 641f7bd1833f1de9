# batchlab grade LESSON FILE...: a class's homework, a row per student and question, then totals.
# The right answers are worked out from the formulas, not taken from batchlab (see lesson_answers.cmd):
#   vmstat threshold on 8 CPUs: 2*fls(8)*(1+fls(66060288>>15)) = 96; committed_as after/before = 64;
#   a window of at most 1024 pages from 1 GiB to 1 TiB: min(1024, ...); the CPUs of the default machine: 64.
cd $HOME
cat > tiny.lesson <<'L'
title A tiny lesson
step Counting
set cpus 8
ask The vmstat threshold on 8 CPUs?
answer get vmstat.threshold
hint Two times fls(cpus) times one more than fls of the zone in 128 MiB units.
ask How many times larger is the committed_as batch after the patch?
answer {get committed_as.batch.after} / {get committed_as.batch.before} within 2%
step Designing
ask A window of at most 1024 pages from 1 GiB to 1 TiB?
check variant vmpressure mine = {answer}; expect vmpressure.window.mine <= 1024 over ram 1G 1T
solution min(1024, 512 * (1 + fls(mem128m)))
ask How many CPUs?
answer get cpus
L
# right: a line per question
printf '96\n64\nmin(1024, 512)\n8\n' > right.txt
# wrong: every answer off (the page size off for the last: 8 CPUs asked, not pages)
printf '95\nx32\n2048\n9\n' > wrong.txt
# extra lines: blocks of tries, more than three for the first, a block past the last question
printf '1\n2\n3\n96\n\n64x\n\nmin(1000, 512)\n\n8 CPUs\n\n5\n6\n' > extra.txt
$BL grade ./tiny.lesson right.txt wrong.txt extra.txt; echo "status $?"
$BL --format csv grade ./tiny.lesson right.txt extra.txt; echo "status $?"
$BL --format json grade ./tiny.lesson wrong.txt | python3 -c '
import json, sys
d = json.load(sys.stdin)
rows, totals = d["results"][0]["rows"], d["results"][1]["rows"]
print([(r["question"], r["right"], r["tries"], r["hints"]) for r in rows], totals[0]["right"], totals[0]["questions"])'
# the same record for one student from --lesson
$BL --format csv --lesson ./tiny.lesson < extra.txt; echo "status $?"
# a file that cannot be read stops the grading, saying which
$BL grade ./tiny.lesson right.txt nosuch.txt; echo "status $?"
$BL grade ./tiny.lesson; echo "status $?"
# an endless input (a zero device made here, as /dev/zero is) is refused after 1 MiB, not read for ever
mknod zero c 1 5 2>/dev/null || { echo "skipped: mknod is not allowed here" >&2; exit 77; }
$BL grade ./tiny.lesson zero; echo "status $?"
$BL --lesson ./tiny.lesson < zero > zero.out 2>zero.err; echo "status $?"; cat zero.err
