# every bad variant input of issue 14: one line on stderr naming where and what, exit 1
# (that the session is left as it was is tested in tests/unit/test_variant.c and test_cmd.c)
. "$(dirname "$0")/names.sh" # the patch lists by name (issue 35)
for line in \
	'variant memcg_charge big = 2 * cpu' \
	'variant memcg_charge big = clamp(cpus, 32' \
	'variant memcg_charge big = (cpus + 1))' \
	'variant memcg_charge big = cpus 2' \
	'variant memcg_charge big = sqrt(cpus)' \
	'variant memcg_charge big = clamp(cpus, 32)' \
	'variant memcg_patch big = 128' \
	'variant vmstat big = 128' \
	'variant memcg_charge after = 128' \
	'variant memcg_charge 2big = 128' \
	'variant memcg_charge big 128' \
	'variant memcg_charge big =' \
	'variant del memcg_charge nosuch' \
	'get memcg_charge.batch.nosuch'
do
	$BL -c "variant memcg_charge a = 1; $line; get memcg_charge.batch"; echo "status $?"
done
# a duplicate, and a fifth variant
$BL -c 'variant memcg_charge a = 1; variant memcg_charge a = 2'; echo "status $?"
$BL -c 'variant memcg_charge a = 1; variant memcg_charge b = 2; variant memcg_charge c = 3; variant memcg_charge d = 4; variant memcg_charge e = 5'; echo "status $?"
# from stdin: the place is the line
printf 'variant memcg_charge a = 1\nvariant memcg_charge b = 2 * cpu\n' | $BL; echo "status $?"
# kernel names the side a release table gives: a variant of that name would be a second column of one name
$BL -c 'variant memcg_charge kernel = 5'; echo "status $?"
