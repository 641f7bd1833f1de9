# Issue 47: nodes above the page count made the auto zone (totalram / nodes) 0 pages, a zone set refuses,
# and sweep rows held a bare nan. One error naming both settings, status 1, in either order; a sweep's
# rows past the limit are refused rows (n/a with the reason), and every format stays valid.
$BL --format jsonl -c 'set ram 1M; set nodes 1024; sweep cpus 1 1 watermark.gap_share'; echo "status $?"
$BL -c 'set nodes 1024; set ram 1M'; echo "status $?"
$BL -c 'set ram 1M; set nodes 1024 zone 100p; get watermark.gap_share'; echo "status $?"
$BL --format jsonl -c 'set ram 1M; sweep nodes 128 512 x 2 watermark.gap_share' | python3 -c '
import json, sys
for l in sys.stdin: print(json.dumps(json.loads(l), sort_keys=True))'
