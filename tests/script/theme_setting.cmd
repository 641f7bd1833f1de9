# The theme: a session setting (set, get, reset, help), read from the settings file and overridden by --theme;
# a bad theme is refused with the choices, and leaves the state as it was.
$BL -c 'get theme; set theme light; get theme; reset theme; get theme'
$BL -c 'set theme bogus'; echo "status $?"
$BL -c 'set cpus 8 theme bogus; get cpus'; echo "status $?"
$BL -c 'set cpus 8 theme mono; get cpus theme'
mkdir -p $HOME/config/batchlab && printf '# kept\ntheme = light\nnonsense line\ntheme = nosuch\n' > $HOME/config/batchlab/config
$BL -c 'get theme'
$BL --theme projector -c 'get theme'
$BL --theme bogus -c 'get theme'; echo "status $?"
$BL --format csv -c 'get theme cpus'
