# A broken lesson is refused with FILE:LINE before its first step runs (nothing on stdout), status 1 each.
. "$(dirname "$0")/names.sh" # the patch, preset and release lists by name (issue 37)
cd $HOME
printf 'title t\nstep one\nsay hello\nfrobnicate 3\n' > a.lesson;  $BL --lesson ./a.lesson; echo "status $?"
printf 'step one\nask what?\nsay no answer\n' > b.lesson;          $BL --lesson ./b.lesson; echo "status $?"
printf 'step one\nask x\nanswer get cpus within lots\n' > c.lesson; $BL --lesson ./c.lesson; echo "status $?"
printf 'step one\nask x\ncheck variant vmpressure m = {answer}; expect vmstat.threshold < 3\n' > d.lesson; $BL --lesson ./d.lesson; echo "status $?"
printf 'say before any step\n' > e.lesson;                            $BL --lesson ./e.lesson; echo "status $?"
printf 'step one\nhint stray\n' > f.lesson;                          $BL --lesson ./f.lesson; echo "status $?"
# an answer the lesson cannot compute is its own error at --check, with its line
printf 'step one\nask x\nanswer get nosuch.metric\n' > g.lesson;    $BL --lesson ./g.lesson --check > g.out; echo "status $?"
$BL --lesson nosuchlesson; echo "status $?"
$BL --check; echo "status $?"
