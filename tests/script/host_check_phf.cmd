# Issue 49: vm.percpu_pagelist_high_fraction computed. machines/fc-2cpu-6.18-phf16 is the build machine's
# folder with the fraction set to 16 and its pcp values worked by hand (its README): every value ok
$BL -c 'host check machines/fc-2cpu-6.18-phf16' > $HOME/o; echo "status $?"; tail -1 $HOME/o
$BL -c 'host check machines/fc-2cpu-6.18-phf16' | awk '$2 == "Normal" && $3 == 0 && $4 ~ /^high/'
$BL -c 'host machines/fc-2cpu-6.18-phf16' | grep '^pagelist_high_fraction'
# by hand: high_min = high_max = managed / fraction / node CPUs, at least batch << 2; before 5.14 no such sysctl
$BL -c 'set zone 819200p node_cpus 2 pagelist_high_fraction 16; get pcp.high.kernel pcp.high_max.kernel'
$BL -c 'set zone 819200p node_cpus 2 pagelist_high_fraction 16; explain pcp.high.kernel' | grep 'fraction'
$BL -c 'set zone 819200p node_cpus 2 pagelist_high_fraction 16 kernel 5.13; get pcp.high.kernel; explain pcp.high.kernel' | grep '^[0-9]\|no such sysctl'
$BL -c 'set zone 819200p node_cpus 2 kernel 5.13; get pcp.high.kernel'
# 1..7 are refused, as the kernel's handler refuses them
$BL -c 'set pagelist_high_fraction 7'; echo "status $?"
