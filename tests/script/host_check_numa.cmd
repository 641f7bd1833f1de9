# host check on a saved two-node machine whose node 1 is CPU-less (tests/script/machines/numa2-cpuless,
# hand-made): every value ok; node 1's pcp high splits its low watermark over all 4 online CPUs
# (zone_highsize(): a node without CPUs takes num_online_cpus()), 15775 / 4 = 3943
$BL -c 'host check machines/numa2-cpuless' > $HOME/o; echo "status $?"; tail -1 $HOME/o
$BL -c 'host check machines/numa2-cpuless' | awk '$1 == 1 && $2 == "Normal" && $3 == 0 && $4 ~ /^high_m/'
$BL --format csv -c 'host check machines/numa2-cpuless' | sed -n '1p;/^1,Normal,0,high_min/p'
# the same folder as the machine: host DIR, then every zone
$BL -c 'host machines/numa2-cpuless; show zones' | sed -n '/^zones:/,$p'
# a saved folder of two nodes without the nodes' cpulists: an error saying so, status 1
r=$HOME/root-$$; mkdir -p $r/proc $r/sys/devices/system/cpu
cp ../data/zoneinfo-numa2-96cpu $r/proc/zoneinfo
echo 0-95 > $r/sys/devices/system/cpu/online
BATCHLAB_SYSROOT=$r $BL -c 'host check'; echo "status $?"
