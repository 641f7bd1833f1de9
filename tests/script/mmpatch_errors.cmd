# Bad patch files: one line each, FILE:LINE:COLUMN and what was expected; nothing is loaded.
cd "$HOME"
printf 'patch vmpressure\ntitle t\n' > shadow.mmpatch
printf 'patch p\ntitle t\nconstant X as x\nbefore = 1\nafter = 2\nmetric a = b + 1\nmetric b = a\n' > loop.mmpatch
printf 'patch p\ntitle t\nconstant X as x\nbefore = 1\nafter = 2 * cpuz\n' > unknown.mmpatch
printf 'patch p\ntitle t\nconstnat X\n' > key.mmpatch
printf 'patch p\ntitle \001\n' > binary.mmpatch
printf 'patch p\ntitle t\nconstant X\nbefore = 1\n' > missing.mmpatch
head -c 70000 /dev/zero | tr '\0' '#' > huge.mmpatch
for f in shadow loop unknown key binary missing huge nowhere; do $BL -c "patch check $f.mmpatch"; done
$BL -c 'patch load loop.mmpatch; get cpus'
$BL -P loop.mmpatch -c 'get cpus'
$BL -c 'patch list' | head -2
$BL -c 'patch frob x'
$BL -c 'patch from key.mmpatch'
exit 0
