# Issue 47: patch list listed files it cannot load as loadable, and printed a file name's escape
# sequences raw. Each file found is checked as patch load would check it (claims included): one that
# cannot be loaded says why; a name that is no patch name says to load it by path; names and paths
# reach the terminal escaped. csv and json say loadable and why.
d=$(mktemp -d "$HOME/pl.XXXXXX")
trap 'rm -rf "$d"' EXIT
cp ../../patches/percpu_batch256.mmpatch "$d/good.mmpatch"
cp ../../patches/percpu_batch256.mmpatch "$d/$(printf 'e\033[31mvil').mmpatch"
printf 'patch tp\ntitle t\nconstant C as c\nbefore = 1\nafter = 2\nclaim c = 1\nsaid x\non nosuch\n' > "$d/bad.mmpatch"
printf 'patch tq\ntitle t\nconstant C as c\nbefore = 1\nafter =\n' > "$d/broken.mmpatch"
cd "$d" || exit 1
export BATCHLAB_PATCHES=.
$BL -c 'patch list' | grep '\./' | cut -c1-110 | od -c | grep -c '033' # no raw escape byte
$BL -c 'patch list' | sed -n '/^patch files/,$p' | grep -E '^patch files|\./|cannot be loaded' | cut -c1-110 | LC_ALL=C sort # readdir's order is the file system's
$BL --format csv -c 'patch list' | grep '\./' | cut -d, -f1,3,5 | LC_ALL=C sort | cat -v # csv is data: a name's bytes as they are
