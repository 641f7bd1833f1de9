# -f FILE --echo (and -x) print each command as typed before its output, like sh -x -
# but echo is narration, said once (issue 38); echo narrates, an apostrophe between letters is text; source runs a file in the same session, its errors naming FILE:LINE;
# expect fails (status 1) with the value and where, when its comparison does not hold.
cd $HOME
printf 'echo Two machines:\nset cpus 4\nget cpus ; get vmstat.threshold\n' > a.bl
$BL -f a.bl --echo; echo "status $?"
$BL -x -c 'echo "  spaced   words"'; echo "status $?"
$BL -c "echo The seed's table; echo don't; get cpus"; echo "status $?"
$BL -c "echo 'quoted; one' it's"; echo "status $?"
# --pause waits only at a terminal: here (no terminal) the replay runs through, each command shown
printf 'echo Two:\nset cpus 2\nget cpus\n' > p.bl; $BL -f p.bl --pause; echo "status $?"
printf 'set cpus 16\nsource b.bl\nget ram\n' > a2.bl
printf 'set ram 8G\nget cpus\n' > b.bl
$BL -f a2.bl; echo "status $?"
printf 'set cpus 3\nset ram 1X\n' > c.bl
$BL -c 'source c.bl; get cpus'; echo "status $?"
printf 'source self.bl\n' > self.bl
$BL -c 'source self.bl' 2>&1 | sed 's/(does.*//'; echo "status $?"
# 2 * fls(64) * 12 = 168, capped at 125 on the default machine; 2 * fls(4) * 12 = 72 at 4 CPUs
$BL -c 'expect vmstat.threshold == 125'; echo "status $?"
$BL -c 'set cpus 4; expect vmstat.threshold == 125'; echo "status $?"
# vmstat.threshold reaches 125 at 32 CPUs (2 * fls(32) * 12 = 144): it fails first at cpus = 31 going down
$BL -c 'expect vmstat.threshold >= 125 over cpus 32 65536'; echo "status $?"
$BL -c 'expect vmstat.threshold >= 125 over cpus 16 65536'; echo "status $?"
$BL -c 'expect memcg_charge.batch < 64'; echo "status $?"
$BL -c 'expect memcg_charge.batch frob 3'; echo "status $?"
