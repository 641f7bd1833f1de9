$BL --bogus; echo "status $?"; $BL -c; echo "status $?"; $BL -c 'get cpus' -f x; echo "status $?"; $BL --format xml -c 'get cpus'; echo "status $?"; $BL --version
