# Issue 47 (c): > PATH naming a file the command reads replaced it - a student's homework, a lesson,
# a script, a diff lost to a slip of the keyboard. Refused with status 1, the file as it was; a
# name that only looks like a file the command could read (a patch, a lesson by name) is written.
data=$(cd ../data && pwd)
cd $HOME
cp "$data/percpu_floor256.diff" f.diff
printf '1: 3\n' > a.txt
ln -s a.txt link.txt
printf 'title t\nstep s\nsay hi\n' > t.lesson
printf 'echo hi\n' > s.bl
for c in 'grade pcp a.txt > a.txt' 'grade pcp a.txt --output link.txt' 'grade ./t.lesson a.txt > t.lesson' \
	'lesson ./t.lesson > t.lesson' 'source s.bl > s.bl' 'variant from f.diff > f.diff' 'patch from f.diff > f.diff'; do
	$BL -c "$c"; echo "status $?"
done
cat a.txt t.lesson s.bl; head -1 f.diff
echo x > memcg_charge
$BL -c 'show memcg_charge > memcg_charge'; echo "status $?"; head -1 memcg_charge | cut -c1-40
# `format` alone prints the format in force, and takes > PATH; with --format it would print the one asked
# for as if in force: refused, as before
$BL -c 'format > fmt.txt'; echo "status $?"; cat fmt.txt
$BL -c 'format --format json'; echo "status $?"
