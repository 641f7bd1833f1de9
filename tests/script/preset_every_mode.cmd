# -p NAME starts every mode from the preset: -c, -f, stdin, --repl (stdin not a terminal)
echo 'get cpus' > $HOME/g.bl
$BL -p laptop-8c-16g -c 'get cpus'
$BL -p laptop-8c-16g -f $HOME/g.bl
echo 'get cpus' | $BL -p laptop-8c-16g
echo 'get cpus' | $BL -p laptop-8c-16g -f -
echo 'get cpus' | $BL -p laptop-8c-16g --repl
$BL -p ../../presets/arm64-64k-pages.preset -c 'get pagesize'
