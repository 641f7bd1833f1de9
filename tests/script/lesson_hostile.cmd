# Issue 34: an answer is data. Answer files whose lines would end, chain, comment out or redirect a
# command if pasted into one: each is a wrong answer, status 1, and nothing is written (this folder only).
cd $HOME
printf '3072\n8\n128G\n600; echo pwned > victim.txt #\n' > a1.txt
printf '3072\n8\n128G\n100000 #\n' > a2.txt
printf '3072\n8\n128G\n100000; quit\n' > a3.txt
printf '3072; echo pwned > victim.txt\n8 #\n"128G"\n5000\000; quit\n' > a4.txt
for f in a1 a2 a3 a4; do
	$BL --lesson vmpressure < $f.txt > $f.out 2>&1; echo "$f: status $?: $(tail -1 $f.out)"
done
$BL grade vmpressure a1.txt a2.txt a3.txt a4.txt | sed -n '/^student  *right/,$p'
ls victim.txt 2>&1 | sed 's/^ls: //'
# the right design alone is right: the tests above can fail
printf '3072\n8\n128G\nmin(5242, 512 * (1 + fls(mem128m) / 2))\n' | $BL --lesson vmpressure | tail -1
