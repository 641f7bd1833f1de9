# Issue 49: every zone by name. `show zones` lists them as /proc/zoneinfo does; `set zone NAME`
# makes the single-zone names (watermark.*, pcp.*, vmstat.*) that zone's in get, explain, sweep,
# where, json and csv; zone auto is the largest Normal zone.
$BL -c 'set ram 24G cpus 2; show zones'
$BL --format csv -c 'set ram 24G cpus 2; show zones' | head -3
$BL -c 'set ram 24G cpus 2; show zones pcp'
# narrower than a table: the writer lays it out in parts that fit (watermarks, then the per-CPU lists
# and protection; a patch's metrics a few a table), never a row broken at its spaces
$BL --width 80 -c 'set ram 24G cpus 2 kernel 4.18.0-147.el8; show zones; show zones pcp' 2>/dev/null > $HOME/w80
cat $HOME/w80; echo "lines over 80 columns: $(awk 'length > 80' $HOME/w80 | wc -l)"
# a mail's 72 columns: the parts packed again, each column as wide as its widest cell
$BL --width 72 -c 'set kernel 4.18.0-147.el8; show zones' 2>/dev/null > $HOME/w72
sed -n '/^node/,$p' $HOME/w72; echo "lines over 72 columns: $(awk 'length > 72' $HOME/w72 | wc -l)"
# DMA32 by name, and the same zone's managed pages by number, give the same figures
a=$($BL -c 'set ram 24G cpus 2 zone DMA32; get zone watermark.low.kernel pcp.high.kernel vmstat.threshold')
z=$(echo "$a" | head -1)
b=$($BL -c "set ram 24G cpus 2 zone ${z}p; get zone watermark.low.kernel pcp.high.kernel vmstat.threshold")
[ "$a" = "$b" ] && echo "zone DMA32 = zone ${z}p: $(echo $a)"
$BL -c 'set ram 24G cpus 2 zone 0.DMA32; explain vmstat.threshold' | grep 'zone = '
$BL --format json -c 'set zone DMA32; get zone' | grep '"value"'
# a sweep over ram lays the zones out anew on every row (Normal is empty at 2 GiB: n/a there)
$BL --format csv -c 'set zone Normal; sweep ram 2G 16G x 2 watermark.min.kernel vmstat.threshold'
$BL -c 'where watermark.binds.after > 1 over ram 1G 64G x 2'
# a sweep over one zone's pages still works
$BL --format csv -c 'sweep zone 1000000p 4000000p x 2 vmstat.threshold'
# a zone the layout does not have, or a name it does not know
$BL -c 'set zone 1.Normal'; echo "status $?"
$BL -c 'set zone Highmemm'; echo "status $?"
# the 4 GB laptop: 132 MB of min_free_kbytes with 4 MiB pageblocks (docs/MODELS.md)
$BL -c 'set ram 4G cpus 2 kernel 5.15; get min_free_kbytes; set pageblock_nr_pages 1024p; get min_free_kbytes'
# host save, then host DIR: the same show zones and the same host check
BATCHLAB_SYSROOT=machines/numa2-cpuless $BL -c "host save $HOME/saved" | sed "s#$HOME#HOME#g"
$BL -c 'host machines/numa2-cpuless; show zones' > $HOME/a; $BL -c "host $HOME/saved; show zones" > $HOME/b
cmp -s $HOME/a $HOME/b && echo "host save; host DIR: the same show zones"
$BL -c 'host check machines/numa2-cpuless' > $HOME/a; $BL -c "host check $HOME/saved" > $HOME/b
cmp -s $HOME/a $HOME/b && echo "host save; host DIR: the same host check ($(tail -1 $HOME/b))"
# host twice: the second layout equals the first and is not kept twice (freed, not read after)
$BL -c 'host machines/numa2-cpuless; host machines/numa2-cpuless' | grep '^# zones'
