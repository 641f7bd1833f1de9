# Issue 34, item 9: the smaller defects, each as a user meets it.
cd "$HOME" || exit 1 # every file the test writes is in its own folder
# --width 24 holds for variant list, and variant list takes > PATH like any listing
$BL --width 24 -c 'variant memcg_charge a = 48; variant list' | awk 'length($0) > 24 { print "too wide: " $0 } END { print NR " lines" }'
$BL -c 'variant memcg_charge a = 48; variant list > v.txt'; echo "status $?"; cat v.txt
# > - is no file named -; a folder that makes no files is not "missing"; p.SVG is a picture
$BL -c 'get cpus > -'; echo "status $?"; ls -- - 2>/dev/null
$BL -c 'get cpus > /proc/self/fd/99'; echo "status $?"
$BL -c 'plot memcg_charge.batch over cpus 1 4 > p.SVG'; head -c 5 p.SVG; echo
$BL -c 'plot memcg_charge.batch over cpus 1 4 --format svg --ascii'; echo "status $?"
# expression messages: a parenthesis is one level; columns as typed; one suffix; a character whole
$BL -c "variant memcg_charge a = $(printf '(%.0s' $(seq 32))1$(printf ')%.0s' $(seq 32)); get memcg_charge.batch.a"
$BL -c "variant memcg_charge a = $(printf '(%.0s' $(seq 33))1$(printf ')%.0s' $(seq 33))"
$BL -c 'variant memcg_charge a = 1 +      * 2'
$BL -c 'variant memcg_charge a = 64UUUUUUUUL'
$BL -c 'variant memcg_charge a = 64ULL + 32lu; get memcg_charge.batch.a'
$BL -c 'variant memcg_charge a = 64 + é'
# sizes: not whole pages is said, .5G is 512M
$BL -c 'set totalram 6K'; echo "status $?"
$BL -c 'set ram .5G; get ram'
$BL -c 'sweep charge_page_ns 1 2 step 1e-400 memcg_charge.speedup'
# a relative XDG_CONFIG_HOME is ignored (the spec): the preset goes to ~/.config
XDG_CONFIG_HOME=rel $BL -c 'preset save mine'; ls -d rel 2>/dev/null; ls .config/batchlab/presets
# a garbage present file: what was wrong with it
r=$HOME/root; mkdir -p $r/sys/devices/system/cpu; echo 'garbage!!' > $r/sys/devices/system/cpu/present
BATCHLAB_SYSROOT=$r $BL -c 'host' | grep '^cpus' | sed 's/= *[0-9]* *#/= N #/'
# one of a count: 1 call; one machine is no comparison
$BL --width 200 -c 'set reclaim 4K; show proactive_reclaim' | grep '^  calls'
$BL -c 'compare vm-4g'; echo "status $?"
# a lesson file's title and text reach the terminal escaped, in the list and in the lesson
mkdir -p lessons && printf 'title Evil \033[2J\033]0;x\007 title\n\nstep One \033[31mred\nsay Hello \033[5m blink\n' > lessons/evil.lesson
BATCHLAB_LESSONS=$HOME/lessons $BL --lesson | grep "^evil" | cat -v # the built-in ones are beside a binary in the source tree only
BATCHLAB_LESSONS=$HOME/lessons $BL -c 'lesson evil' | cat -v
