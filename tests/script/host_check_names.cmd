# Issue 11: a zone name read from a file is escaped on the terminal and quoted in csv and json;
# zoneinfo that is read but not valid fails before a line of the table is printed.
# (A name batchlab does not know is kept and counted as lowmem; khugepaged's count skips it,
# so its watermarks differ from the saved kernel's: the rows shown are the batch's.)
r=$HOME/names; cp -r machines/fc-2cpu-6.18 $r
sed 's/zone   Normal/zone   No"r,m\xc2\x9b/' machines/fc-2cpu-6.18/proc/zoneinfo > $r/proc/zoneinfo
for f in table csv json; do $BL --format $f -c "host check $r" | grep 'No' | grep -w 'batch'; echo "status $?"; done
printf 'Node 0, zone DMA\n  pages free 5\n        managed  0\n' > $r/proc/zoneinfo
$BL -c "host check $r"; echo "status $?"
