# a corrupted preset is refused with file:line and nothing applied; a missing name lists what exists
cd $HOME
printf '# mine\ncpus = 8\n\nram = 4X\n' > bad.preset
printf '# mine\ncpus = 8\nfrobs = 2\n' > unknown.preset
printf '# mine\ncpus = 8\ncpus = 9\n' > dup.preset
printf 'cpus = 8\n\001\002\377\n' > binary.preset
for f in bad unknown dup binary; do printf 'set cpus 3\npreset load ./%s.preset\n' $f | $BL; echo "status $?"; done
$BL -c 'set cpus 5; preset load ./bad.preset'; $BL -c 'get cpus'
# the list by name: the presets the test knows, whichever others are there
$BL -p nosuch -c 'get cpus' 2>&1 | grep -q "no preset 'nosuch' (found: arm64-64k-pages, .*laptop-8c-16g" &&
	echo "no preset 'nosuch' (found: arm64-64k-pages, ... laptop-8c-16g"; echo "status $?"
$BL -c 'preset save "bad name"'; echo "status $?"
# issue 47: a name too long says so (it was "neither a NAME" though every character was one a NAME takes)
$BL -c "preset save aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"; echo "status $?"
