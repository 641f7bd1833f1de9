# Issue 51: the README, held to the same rule as the rest of the prose (prose_counts): no count
# of patches, lessons or presets written by hand.
py=/usr/bin/python3 chk=$(pwd)/prose_counts.py top=$(cd ../.. && pwd)
(cd "$top" && $py $chk README.md); echo "README: status $?"
