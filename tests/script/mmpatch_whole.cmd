# Issue 47: a patch file is checked whole before it is used. A claim's `on` machine that cannot be
# loaded (once SIGSEGV in about --claims), a path for a preset, settings out of range, and an `expect`
# line the claim does not give are refused by patch check and -P, at the line, status 1; a file whose
# claims all give their expected verdicts still loads.
d=$(mktemp -d "$HOME/whole.XXXXXX")
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
head='patch tp\ntitle t\nconstant C as c\nbefore = 1\nafter = 2\n'
printf "${head}claim c = 1\nsaid x\non nosuch\n" > nosuch.mmpatch
{ $BL -P nosuch.mmpatch -c 'about tp --claims' 2>&1; echo "status $?"; } | cut -c1-80
{ $BL -c 'patch check nosuch.mmpatch' 2>&1; echo "status $?"; } | cut -c1-80
printf "${head}claim c = 2\nsaid x\non ../presets/vm-4g\n" > path.mmpatch
$BL -c 'patch check path.mmpatch'; echo "status $?"
printf "${head}claim c = 2\nsaid x\non vm-4g cpus=0\n" > range.mmpatch
$BL -c 'patch load range.mmpatch'; echo "status $?"
printf "${head}claim c = 1\nsaid x\non vm-4g\n" > wrong.mmpatch
$BL -c 'patch check wrong.mmpatch'; echo "status $?"
printf "${head}claim c = 2\nsaid x\non vm-4g\nexpect differs\n" > wrong2.mmpatch
$BL -c 'patch check wrong2.mmpatch'; echo "status $?"
printf "${head}claim c = 1\nsaid x\non vm-4g\nexpect differs\nclaim c.before = 1\nsaid y\non vm-4g\n" > ok.mmpatch
$BL -P ok.mmpatch -c 'about tp --claims'; echo "status $?"
