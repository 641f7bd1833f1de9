# --check refuses the mistakes it can see, each with FILE:LINE: an answer that is not one value, a check
# that cannot fail or ignores the answer, a focus on no metric, a design whose example passes its check.
cd $HOME
t() { printf "$2" > $1.lesson; $BL --lesson ./$1.lesson --check > /dev/null; echo "$1: status $?"; }
t sweep 'step a\nask q?\nanswer sweep cpus 1 4 vmstat.threshold\n'
t show 'step a\nask q?\nanswer show vmpressure\n'
t two 'step a\nask q?\nanswer get cpus ram\n'
t noexpect 'step a\nask q?\ncheck variant vmpressure mine = {answer}\nsolution 5\n'
t noanswer 'step a\nask q?\ncheck expect vmstat.threshold > 1\nsolution 5\n'
t focus 'step a\nfocus vmpressure.nosuch\nask q?\nanswer get cpus\n'
# accepts 0 and 2^40 alike: the check never looks at the design
t cannot 'step a\nask q?\ncheck variant vmpressure mine = {answer}; expect vmstat.threshold > 0\nsolution 5\n'
# the example shown before the question is itself a solution: 512 * (1 + fls(mem128m) / 4) <= 512 * 5 at 1 TiB
t example 'step a\nvariant vmpressure slow = 512 * (1 + fls(mem128m) / 4)\nask q?\ncheck variant vmpressure mine = {answer}; expect vmpressure.window.mine <= 4096 over ram 4G 1T\nsolution 4096\n'
# and a lesson that holds: status 0
t fine 'step a\nvariant vmpressure big = 512 * (1 + fls(mem128m))\nask q?\ncheck variant vmpressure mine = {answer}; expect vmpressure.window.mine <= 4096 over ram 4G 1T\nsolution 4096\n'
