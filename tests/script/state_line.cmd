# issue 54: a view as one line. state prints only what differs from the defaults; batchlab LINE,
# state load LINE and state LINE restore it; a patch file the line names but this machine lacks is
# named and nothing is restored (status 1); one whose bytes differ is loaded and said to differ.
line=$($BL -c 'set cpus 256 ram 1T kernel 6.8; show memcg_flush; state' | tail -1); echo "$line"
$BL "$line" get --named cpus ram kernel; $BL -c "state load $line; state"; $BL state "$line"
$BL -c 'variant memcg_charge scaled = clamp(2 * cpus, 32, 127); format csv; state'
$BL 'bl1:memcg_charge.scaled=clamp(2~*~cpus%2C~32%2C~127),format=csv' get memcg_charge.batch
$BL --format json state
mkdir -p "$HOME/mine" && cp ../../patches/percpu_batch256.mmpatch "$HOME/mine/floor.mmpatch"
pline=$($BL -P "$HOME/mine/floor.mmpatch" -c 'set cpus 2048; state' | sed 's/@[0-9a-f]*/@HASH/'); echo "$pline"
pline=$($BL -P "$HOME/mine/floor.mmpatch" -c 'set cpus 2048; state')
BATCHLAB_PATCHES="$HOME/mine" $BL "$pline" get percpu_batch256.batch
echo '# changed here' >>"$HOME/mine/floor.mmpatch"
BATCHLAB_PATCHES="$HOME/mine" $BL "$pline" get cpus 2>&1 | sed 's/hash [0-9a-f]*, the line.s [0-9a-f]*/hash X, the line'"'"'s Y/; s|(/.*/mine/|(HOME/mine/|'
rm "$HOME/mine/floor.mmpatch"
{ BATCHLAB_PATCHES="$HOME/mine" $BL "$pline" get cpus; echo "status $?"; } 2>&1 | sed 's/hash [0-9a-f]*/hash H/; s/: no patch file.*//' 
$BL 'bl2:cpus=4' get cpus; echo "status $?"
$BL state load 'bl1:cpus=4,zonez=2'; echo "status $?"
$BL -c 'state load'; echo "status $?"
$BL -c 'state bogus'; echo "status $?"
