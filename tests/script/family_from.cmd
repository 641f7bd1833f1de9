# patch from on each shipped family file's own change (tests/data/NAME.diff, the relevant hunks, each
# file's head saying where its lines come from): every hunk that touches the file's constant or its
# other names (aka) is listed with what it does - changes the value (another of its names read in
# place of one, a line of the function computing it), declares or removes one of its names - and those
# map to no value batchlab computes, so each exits 1. mem_pcpu_rsv's (makes it tunable) is diff_from's.
D=../data
P=../../patches
for id in pc_stock rss_hpcc rss_sum lazy_max_pages; do
	$BL -P $P/$id.mmpatch -c "patch from $D/$id.diff"; echo "exit $?"
done
# pcp_drain's hunk bounds the file's constant: to_drain = min(count, pcp->batch) in drain_pages_zone(),
# count read at run time, the bound pcp->batch (zone_batchsize) mapped as a variant - drain before,
# after and the variant: the variant is the after side
$BL -P $P/pcp_drain.mmpatch -c "patch from $D/pcp_drain.diff; get pcp_drain.drain; set ram 512M; get pcp_drain.drain"
echo "exit $?"
# rss_sum's hunks without the file: only the lines batchlab's own patches read are listed
$BL -c "patch from $D/rss_sum.diff"; echo "exit $?"
