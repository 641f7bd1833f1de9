cd "$HOME" && mkdir -p dir && $BL -f dir; echo "status $?"; $BL -p dir/ -c 'get cpus'; echo "status $?"; $BL -f missing.bl; echo "status $?"; $BL -p nosuch; echo "status $?"
