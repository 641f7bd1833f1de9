# a preset that load would refuse is marked in the list, with the line at fault
XDG_CONFIG_HOME="$HOME/broken-config"; export XDG_CONFIG_HOME
mkdir -p "$XDG_CONFIG_HOME/batchlab/presets" && printf '# looks fine\ncpus = 8\nram = 4X\n' > "$XDG_CONFIG_HOME/batchlab/presets/typo.preset"
$BL -c 'preset list' | grep '^typo '
