# The number formatter for people: show's columns line up under their header, sizes and times
# in units, changes as factors with better or worse; a table-mode sweep writes sizes as sizes;
# a path ending .csv or .json chooses that format (unless --format says otherwise).
$BL -c 'show vmpressure; sweep ram 1G 8G x 2 vmpressure.window_bytes vmpressure.window.after'
d=$(mktemp -d "$HOME/fmt.XXXXXX") # inside the test's own folder
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1 # relative paths: a json document names the command, its > PATH too
$BL -c "sweep ram 1G 3G step 1G vmpressure.window > w.csv; sweep ram 1G 2G step 1G vmpressure.window.after > w.json"
cat w.csv w.json
$BL --format json -c "sweep ram 1G 1G vmpressure.window.after > x.csv"
cat x.csv
