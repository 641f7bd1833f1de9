# Issue 47 (a)3: `lesson NAME > FILE` emptied FILE and printed the lesson to the terminal. Now FILE
# holds what `lesson NAME` prints, stdout nothing, the status is the same; and the output options
# inside `lesson NAME` apply: --width (no line of prose wider), --format, --units.
# A lesson of its own, so the built-in lessons' text can change: 96 = 2 * fls(8) * (1 + fls(66060288 >> 15)).
cd $HOME
cat > tiny.lesson <<'L'
title A tiny lesson of this test, with a title longer than thirty columns
step Counting the threshold of the vmstat counters
set cpus 8
say The vmstat threshold grows with the CPUs and with the zone, as calculate_normal_threshold() says.
ask The vmstat threshold on 8 CPUs?
answer get vmstat.threshold
hint Two times fls(cpus) times one more than fls of the zone in 128 MiB units.
ask How many CPUs?
answer get cpus
L
printf '1: 95\n1: 96\n2: 7\n' > answers.txt
printf 'kept\n' > out.txt
$BL -c 'lesson ./tiny.lesson' < answers.txt > want.txt; echo "without: status $?"
$BL -c 'lesson ./tiny.lesson > out.txt' < answers.txt > stdout.txt; echo "with > out.txt: status $?"
cmp want.txt out.txt && echo "out.txt holds what lesson prints ($(wc -l < out.txt) lines)"
wc -c < stdout.txt
$BL -c 'lesson ./tiny.lesson --output out2.json' < answers.txt; $BL --format json -c 'lesson ./tiny.lesson' < answers.txt > want.json
cmp want.json out2.json && echo "--output out2.json: the json lesson prints"
# the width asked inside the command: no line wider
$BL -c 'lesson ./tiny.lesson --width 30' < answers.txt | awk 'length($0) > 30 { print "too wide: " $0 }'
$BL -c 'lesson ./tiny.lesson --width 30' < answers.txt
$BL -c 'lesson ./tiny.lesson --format csv' < answers.txt
# a lesson's own error leaves the file as it was
printf 'step one\nask x\nanswer get nosuch.metric\n' > broken.lesson
$BL -c 'lesson ./broken.lesson > out.txt' < answers.txt 2>broken.err; echo "broken: status $?"
cmp want.txt out.txt && echo "out.txt unchanged"
# --units inside it: the record's units line, as --units before -c gives it
$BL -c 'lesson ./tiny.lesson --units --format csv' < answers.txt | head -1
