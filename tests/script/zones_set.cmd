# Issue 49: the layout given zone by zone in /proc/zoneinfo's pages (set zones): a node 1 without
# CPUs, nodes set to the nodes with memory, the chosen zone node 1's Normal and its node's 0 CPUs
$BL -c "set cpus 4 zones '0.cpus=4 0.DMA=3998/3840 0.Normal=262144/258048 1.cpus=0 1.Normal=524288/520192'; get nodes zone node_cpus zones; show zones"
# a host-loaded layout rides in the view line and in a saved preset: the same show zones
l=$($BL -c 'host machines/numa2-cpuless; state' | tail -1)
$BL -c 'host machines/numa2-cpuless; show zones' | sed -n '/^zones:/,$p' > $HOME/a
$BL -c "state $l; show zones" > $HOME/b
cmp -s $HOME/a $HOME/b && echo "state line: the same show zones ($(grep -c '^ *[01] ' $HOME/b) zones)"
$BL -c "host machines/numa2-cpuless; preset save $HOME/n.preset" | sed "s#$HOME#HOME#g" | grep -v '^[a-z_]* *=\|^#'
$BL -c "preset load $HOME/n.preset; show zones" > $HOME/c
cmp -s $HOME/a $HOME/c && echo "preset save; preset load: the same show zones"
# other ram afterwards lays the zones out anew (zones reads auto again); zones is no sweep key
$BL -c "state $l; set ram 64G; get zones nodes"
$BL -c "sweep zones 1 2 vmstat.threshold"; echo "status $?"
# bad text: one line saying what was expected, status 1, the machine unchanged
$BL -c "set zones '0.Normal=10/20'"; echo "status $?"
$BL -c "set zones '0.Normal=20/10 0.Normal=20/10'"; echo "status $?"
