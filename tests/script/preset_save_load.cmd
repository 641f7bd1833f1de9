# save then load returns the same machine; a NAME goes to the user's folder and shadows a built-in
cd $HOME
$BL -c 'set cpus 12 ram 3G overcommit never pagesize 16K totalram 1000p; preset save mine; preset save ./p.preset; preset save vm-4g'
$BL -c 'preset load mine; get cpus ram overcommit pagesize totalram'
$BL -c 'preset load ./p.preset; get totalram'
$BL -c 'preset list' | grep -E '^(mine|vm-4g) '
cmp -s p.preset $XDG_CONFIG_HOME/batchlab/presets/mine.preset && echo "same file"
ls -a $XDG_CONFIG_HOME/batchlab/presets
