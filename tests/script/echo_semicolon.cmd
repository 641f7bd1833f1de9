# Issue 51: echo's text with a ';' inside quotes is one command, in -c, in a file, under -x and when
# sourced: the ';' separates commands only outside quotes.
cd "$HOME" || exit 1
$BL -c 'echo "first; second"'
printf "echo \"a; b\"\necho 'c; d' ; echo e\nsource inner.bl\n" > outer.bl
printf 'echo "inner; text"\n' > inner.bl
$BL -f outer.bl
$BL -x -f outer.bl
