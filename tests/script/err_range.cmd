$BL -c 'set cpus 8; set cpus 0; get cpus'
