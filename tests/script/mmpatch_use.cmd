# A patch file loaded is a patch like the built-in ones. The figures: seed 004's table (4 GiB: 3072,
# 8 GiB: 3584) and mm_compute_batch() on vm-4g: 1032192 pages / 4 CPUs / 256 = 1008, / 4 = 64512.
P="-P ../data/vmpressure_window.mmpatch -P ../data/committed_as_batch.mmpatch"
$BL $P -p vm-4g -c 'get vmpressure_file.window committed_as_file.batch; set ram 8G; get vmpressure_file.window'
$BL $P -p vm-4g -c 'set overcommit never; get committed_as_file.batch'
$BL $P --format csv -c 'sweep ram 1G 4G vmpressure_file.window'
$BL $P -p vm-4g -c 'variant committed_as_file lift16 = max(min(totalram / cpus / 16, 2147483647), max(2 * cpus, 32)); get committed_as_file.batch.lift16; preset save mine; variant del committed_as_file lift16; preset load mine; get committed_as_file.batch.lift16'
$BL $P -c 'explain vmpressure_file.window_bytes.after' | head -4
$BL $P -c 'get vmpressure_file.windo'
$BL $P -c 'patch load ../nowhere.mmpatch'
