printf 'set cpus 8\nset cpus 8 ram 99999999999999999999999\n' | $BL; echo "status $?"; printf 'set cpus 8\nget cpus\n' | $BL
