# --repl with stdin not a terminal runs the commands as a script: no prompt echoed, stops at an error
printf 'get cpus\nset cpus 4; get cpus\nfrob\nget ram\n' | $BL --repl; echo "status $?"
printf 'get cpus\nquit\nget nosuch\n' | $BL --repl; echo "status $?"
