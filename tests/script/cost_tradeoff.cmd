# vmpressure over its window: 1000000 pages scanned in 32-page calls give 1000000 / window evaluations
# (1953, 976, 488; 162 at the patch's 6144 for 256 GiB), and at 1000 pages/s the first one waits
# window / 1000 s. 512 is the kernel before the patch, 6144 after: both rows are marked.
$BL --format csv -c 'set scanned 1000000 scan_rate 1000; tradeoff vmpressure over vmpressure_win 512 2048 x 2'
$BL --format json -c 'set scanned 1000000 scan_rate 1000; tradeoff vmpressure over vmpressure_win 512 2048 x 2'
$BL -c 'set scanned 1000000 scan_rate 1000; tradeoff vmpressure over vmpressure_win 512 2048 x 2'
