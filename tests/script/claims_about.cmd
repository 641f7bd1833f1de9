# about PATCH --claims: every figure of the seed's mail, its machine and metric, how it is compared
# and the verdict; the same rows as json and jsonl records, valid for docs/schema/about_claims.json.
# Seed 003 line 21: "2097%(20X)": +2097% is 21.97 times, so the (20X) differs (the gain, not the ratio).
py=/usr/bin/python3 chk=$(pwd)/doc_check.py
cd "$HOME" || exit 1
$BL -c 'about committed_as --claims --width 72' | sed -n '1,2p;/^7\./,/^$/p'
$BL --format json -c 'about vmpressure --claims; about memcg_charge --claims; about proactive_reclaim --claims
	about committed_as --claims' > c.json; $py $chk json c.json
jq -r '.results[].rows[] | .verdict' c.json | sort | uniq -c | awk '{ $1 = $1; print }'
jq -r '.results[0].rows[] | select(.verdict == "differs") | .said + ": " + (.value | tostring)' c.json
$BL --format jsonl -c 'about memcg_charge --claims' > c.jsonl; $py $chk jsonl c.jsonl
# get --named: NAME = VALUE, a line each, for a reader to match a report's figures
$BL -c 'set cpus 8; get --named cpus memcg_charge.batch scanned'
# bad input: one line, status 1
$BL -c 'about vmstat --claims'; echo "status $?"
$BL -c 'about vmpressure --claim'; echo "status $?"
$BL -c 'get --named'; echo "status $?"
