# Issue 47: the report's "paste into a shell" line named a patch file's path bare inside batchlab -c,
# so batchlab's own scanner split it at ';' and pasting it ran `echo INJECTED > pwn.txt`. The path is
# now a shell word of -P (quote_sh: no batchlab word at all); an escape sequence or a byte that is not
# UTF-8 in it comes out as "$(printf '\NNN')", never raw. Pasted, the line runs the report's commands
# and nothing else.
src=$(pwd)/../../patches/percpu_batch256.mmpatch
d=$(mktemp -d "$HOME/shl.XXXXXX")
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
mkdir bin && ln -s "$BL" bin/batchlab
for f in './x.mmpatch;echo INJECTED > pwn.txt;#.mmpatch' "$(printf './q\033[31m$(touch pwn2)\377.mmpatch')"; do
	cp "$src" "$f"
	$BL -P "$f" -c 'report percpu_batch256' | awk '/paste into a shell/ { on = 1; next } on && /^$/ { exit } on' > line.sh
	sed -n 1p line.sh
	PATH="$d/bin:$PATH" sh line.sh > out.txt; echo "status $?"
	grep -c '^percpu_batch256: percpu_counter_batch floor' out.txt
	ls pwn.txt pwn2 2>&1 | sed 's/.*cannot access/absent:/'
done
