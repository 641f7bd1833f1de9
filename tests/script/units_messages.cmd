# Issue 11: units and messages. p is pages, only on keys counted in pages; P/PiB are pebibytes;
# G, GB, Gi, GiB and g are the same binary unit. quit takes no argument; AUTO points at auto;
# (--help and --version to a full device: out_nodes.)
$BL -c 'set ram 100p'; echo "exit $?"
$BL -c 'set mmap 1p'; echo "exit $?"
$BL -c 'set mmap 1P; get mmap; set totalram 100p; get totalram'; echo "exit $?"
$BL -c 'set ram 4G; get ram; set ram 4GB; get ram; set ram 4Gi; get ram; set ram 4GiB; get ram; set ram 4g; get ram'; echo "exit $?"
$BL -c 'set ram 4X'; echo "exit $?"
$BL -c 'quit 3'; echo "exit $?"
$BL -c 'set threads AUTO'; echo "exit $?"
$BL -c 'set threads lots'; echo "exit $?"
$BL -c 'help set' | tail -3
