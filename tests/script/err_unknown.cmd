$BL -c 'frob'; echo "status $?"; $BL -c 'get vmpressure.nosuch'; echo "status $?"; $BL -c 'set nosuch 3'; echo "status $?"
