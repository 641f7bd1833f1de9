# The README, held to the same rule as the rest of the prose (prose_counts): no count of patches,
# lessons or presets written by hand; any such count fails it.
py=/usr/bin/python3 chk=$(pwd)/prose_counts.py top=$(cd ../.. && pwd)
found=$(cd "$top" && $py $chk README.md)
if [ -n "$found" ]; then printf '%s\n' "$found"; echo "README: status 1"; exit 0; fi
echo "README: status 0"
