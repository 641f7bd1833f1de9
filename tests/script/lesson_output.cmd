# Issue 47 (a)3: `lesson NAME > FILE` emptied FILE and printed the lesson to the terminal. Now FILE
# holds what `lesson NAME` prints, stdout nothing, the status is the same; and the output options
# inside `lesson NAME` apply: --width (no line of prose wider), --format.
cd $HOME
printf '1: 128\n2: 3\n' > answers.txt
printf 'kept\n' > out.txt
$BL -c 'lesson pcp' < answers.txt > want.txt; echo "without: status $?"
$BL -c 'lesson pcp > out.txt' < answers.txt > stdout.txt; echo "with > out.txt: status $?"
cmp want.txt out.txt && echo "out.txt holds what lesson pcp prints ($(wc -l < out.txt) lines)"
wc -c < stdout.txt
$BL -c 'lesson pcp --output out2.json' < answers.txt; $BL --format json -c 'lesson pcp' < answers.txt > want.json
cmp want.json out2.json && echo "--output out2.json: the json lesson pcp prints"
# the width asked inside the command: every line within it but the grade's rows (a table, kept whole)
$BL -c 'lesson pcp --width 30' < answers.txt | awk 'length($0) > 30 && !/^ +[0-9]+  step/ { print "too wide: " $0 }'
$BL -c 'lesson pcp --width 30' < answers.txt | head -3
$BL -c 'lesson pcp --format csv' < answers.txt | head -2
# a lesson's own error leaves the file as it was
printf 'step one\nask x\nanswer get nosuch.metric\n' > broken.lesson
$BL -c 'lesson ./broken.lesson > out.txt' < answers.txt 2>broken.err; echo "broken: status $?"
cmp want.txt out.txt && echo "out.txt unchanged"
# --units inside it: the record's units line, as --units before -c gives it
$BL -c 'lesson pcp --units --format csv' < answers.txt | head -1
