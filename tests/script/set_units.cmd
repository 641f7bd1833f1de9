# Issue 51: a size typed as a number and a unit apart (set ram 64 GiB) is the size; a word after a
# value that is neither a key nor its unit is one precise error, the machine unchanged.
$BL -c 'set ram 64 GiB; get ram; set zone 100 pages cpus 4; get zone cpus; set ram 2 T; get ram'
$BL -c 'set ram 64 foo'; echo "status $?"
$BL -c 'set cpus 8 ram'; echo "status $?"
$BL -c 'set cpus 8; set cpus 16 ram 1 parsec; get cpus'; echo "status $?"
