# Issue 34, item 6: a note or warning about a command goes to stderr in every script mode, so stdout
# holds only what was asked for: $(batchlab -c ...) is the one value, in every format.
cd "$HOME" || exit 1 # every file the test writes is in its own folder
out=$($BL -c 'variant memcg_charge a = 48; preset load laptop-8c-16g; get memcg_charge.batch.a' 2>notes.txt)
echo "stdout: $out"; echo "stderr:"; cat notes.txt
out=$($BL -c 'variant memcg_charge a = 48; reset; get cpus' 2>notes.txt)
echo "stdout: $out"; echo "stderr:"; cat notes.txt
# from stdin and a file too, and json stays one document with the note beside it on stderr
printf 'variant memcg_charge a = 48\npreset load laptop-8c-16g\nget cpus\n' > s.bl
$BL -f s.bl 2>/dev/null; $BL < s.bl 2>/dev/null
$BL --format json -f s.bl 2>notes.txt | /usr/bin/python3 -c 'import json, sys; print(len(json.load(sys.stdin)["results"]), "result")'
cat notes.txt
