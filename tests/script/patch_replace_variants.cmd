# Issue 47: a variant silently carried over when a patch file was replaced by one with another constant
# (v = 5 of C became D = 5). The variants stay only where they keep their meaning: the same constant in
# the same unit, and an expression that compiles against the new file (compiled again, its names'
# order the new file's); otherwise the load is refused, status 1, the old file and its variants kept.
d=$(mktemp -d "$HOME/rv.XXXXXX")
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
printf 'patch tp\ntitle t\nconstant C as c\nbefore = 1\nafter = 2\n' > a1.mmpatch
printf 'patch tp\ntitle t2\nconstant D as d\nbefore = 100\nafter = 200\n' > a2.mmpatch
printf 'patch tp\ntitle t3\nconstant C as c\nunit pages\nbefore = 10\nafter = 20\n' > a3.mmpatch
printf 'patch tp\ntitle t4\nconstant C as c\nbefore = 10\nafter = 20\nmetric twice = c * 2\n' > a4.mmpatch
$BL -P a1.mmpatch -c 'variant tp v = 5; patch load a2.mmpatch'; echo "status $?"
$BL -P a1.mmpatch -c 'variant tp v = 5; patch load a3.mmpatch'; echo "status $?"
$BL -P a1.mmpatch -c 'variant tp v = 5 + cpus; patch load a2.mmpatch; get tp.c.v tp.c.after'; echo "status $?"
$BL -P a1.mmpatch -c 'variant tp v = 5 + cpus; patch load a4.mmpatch; get tp.c.v tp.twice.v'; echo "status $?"
$BL -P a1.mmpatch -c 'patch load a2.mmpatch; get tp.d.after'; echo "status $?"
