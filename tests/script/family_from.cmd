# patch from on each shipped family file's own change (tests/data/NAME.diff, the relevant hunks, each
# file's head saying where its lines come from): every hunk that touches the file's constant or its
# other names (aka) is listed with what it does - changes the value (another of its names read in
# place of one, a line of the function computing it), declares or removes one of its names - and none
# maps to a value batchlab computes, so each exits 1. mem_pcpu_rsv's (makes it tunable) is diff_from's.
D=../data
P=../../patches
for id in pc_stock rss_hpcc rss_sum pcp_drain lazy_max_pages; do
	$BL -P $P/$id.mmpatch -c "patch from $D/$id.diff"; echo "exit $?"
done
# rss_sum's hunks without the file: only the lines batchlab's own patches read are listed
$BL -c "patch from $D/rss_sum.diff"; echo "exit $?"
