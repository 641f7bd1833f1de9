# Issue 47 (b): grade and a class's files. The tiny lesson of lesson_grade.cmd; its right answers
# worked out there from the formulas: 96, 64, min(1024, 512), 8.
cd $HOME
cat > tiny.lesson <<'L'
title A tiny lesson
step Counting
set cpus 8
ask The vmstat threshold on 8 CPUs?
answer get vmstat.threshold
ask How many times larger is the committed_as batch after the patch?
answer {get committed_as.batch.after} / {get committed_as.batch.before} within 2%
step Designing
ask A window of at most 1024 pages from 1 GiB to 1 TiB?
check variant vmpressure mine = {answer}; expect vmpressure.window.mine <= 1024 over ram 1G 1T
solution min(1024, 512 * (1 + fls(mem128m)))
ask How many CPUs?
answer get cpus
L
# a class of 150: more than the 62 the 64-word limit took
i=1; while [ $i -le 150 ]; do printf '96\n64\nmin(1024, 512)\n8\n' > s$i.txt; i=$((i + 1)); done
$BL grade ./tiny.lesson $(i=1; while [ $i -le 150 ]; do printf 's%d.txt ' $i; i=$((i + 1)); done) | sed -n '1p;$p'; echo "status $?"
# a file whose name holds an escape sequence, and an answer with a C1 CSI: shown escaped, never raw
printf '96\n\302\23331m\n' > "$(printf 'al\033[31mice.txt')"
$BL grade ./tiny.lesson al*ice.txt | od -c | grep -c '033' ; $BL grade ./tiny.lesson al*ice.txt | sed -n '1,4p'
# a UTF-8 byte-order mark before the first answer: still right
printf '\357\273\27796\n64\nmin(1024, 512)\n8\n' > bom.txt
# one stray blank line in a line-per-question file: no answer moves
printf '96\n64\n\nmin(1024, 512)\n8\n' > stray.txt
$BL grade ./tiny.lesson bom.txt stray.txt | tail -3
# an answer the lesson cannot compute: its error, status 1, and no record that calls the try right
printf 'step one\nask x\nanswer get nosuch.metric\n' > broken.lesson
echo 5 | $BL --format csv --lesson ./broken.lesson 2>broken.err; echo "status $?"
cut -d'(' -f1 broken.err # the patch list after it is names.sh's to keep
# a lesson that quits: refused at load, or (a sourced file's quit) an error - its later commands were
# skipped, silently, and an answer judged on a machine the lesson never set
printf 'title q\nstep s\nquit\nset cpus 8\nask cpus?\nanswer get cpus\n' > q.lesson
printf 'quit\n' > quit.bl
printf 'title q\nstep s\nsource quit.bl\nset cpus 8\nask cpus?\nanswer get cpus\n' > q2.lesson
printf '8\n' > q.txt
$BL grade ./q.lesson q.txt; echo "status $?"
$BL grade ./q2.lesson q.txt; echo "status $?"
