$BL -c 'get cpus; quit; get nosuch'; echo "status $?"
