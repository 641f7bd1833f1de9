# The number formatter for people: show's columns line up under their header, sizes and times
# in units, changes as factors with better or worse; a table-mode sweep writes sizes as sizes;
# a path ending .csv or .json chooses that format (unless --format says otherwise).
$BL -c 'show vmpressure; sweep ram 1G 8G x 2 vmpressure.window_bytes vmpressure.window.after'
d=$(mktemp -d "$HOME/fmt.XXXXXX") # inside the test's own folder
trap 'rm -rf "$d"' EXIT
$BL -c "sweep ram 1G 3G step 1G vmpressure.window > $d/w.csv; sweep ram 1G 2G step 1G vmpressure.window.after > $d/w.json"
cat "$d/w.csv" "$d/w.json"
$BL --format json -c "sweep ram 1G 1G vmpressure.window.after > $d/x.csv"
cat "$d/x.csv"
