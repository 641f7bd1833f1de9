# Machines side by side: a preset that does not exist, and one a `set` would refuse, each get one
# line naming it; the state is unchanged. Then a comparison that works, in csv.
. "$(dirname "$0")/names.sh" # the patch, preset and release lists by name (issue 37)
d=$(mktemp -d "$HOME/cmp.XXXXXX")
trap 'rm -rf "$d"' EXIT
printf 'cpus = 2\nsockets = 4\n' >"$d/bad.preset"
$BL -c 'show vmpressure on vm-4g nosuch'
$BL -c "compare vm-4g $d/bad.preset" 2>&1 | sed "s|$d|DIR|"
$BL -c 'show vmpressure on'
$BL -c 'show nosuch on vm-4g'
$BL -c 'report vmpressure on vm-4g --width 5000'
$BL -c 'set cpus 8; show vmpressure on vm-4g nosuch; get cpus' 2>/dev/null; echo "status $?"
$BL --format csv -c 'show vmpressure on vm-4g huge-65536cpu' | grep -E '^machine|,window,|,eval_share,'
