# --check refuses a question whose answer is in the step's text when it is asked (issue 51): a get
# printed just above it, a narration that computes it, an explain that ends on it; the same value
# one step later, or in another unit of another quantity, is not the answer in sight.
cd "$HOME" || exit 1
printf 'step one\nget vmstat.threshold\nask t?\nanswer get vmstat.threshold\n' > get.lesson
$BL --lesson ./get.lesson --check > get.out; echo "status $?"
printf 'step one\nsay the gap is {get watermark.gap_bytes.before} here\nask gap in MiB?\nanswer {get watermark.gap_bytes.before} / 1048576 within 1%%\n' > say.lesson
$BL --lesson ./say.lesson --check > say.out; echo "status $?"
printf 'step one\nexplain pcp.high.after\nask high?\nanswer get pcp.high.after\nask batch?\nanswer get pcp.batch.after\n' > two.lesson
$BL --lesson ./two.lesson --check > two.out; echo "status $?"
# not in sight: the value shown in the step before, and 256 GiB where 256 pages are asked
printf 'step one\nget vmstat.threshold\nstep two\nask t?\nanswer get vmstat.threshold\n' > before.lesson
$BL --lesson ./before.lesson --check > before.out; echo "status $?"
printf 'step one\nset cpus 256\nstep two\nsay a machine of {get ram}\nask how many CPUs?\nanswer get cpus\n' > unit.lesson
$BL --lesson ./unit.lesson --check > unit.out; echo "status $?"
