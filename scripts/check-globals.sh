#!/bin/sh
# No global mutable state in core/: fail if any object given defines a symbol
# in writable data (.data, .bss, thread-local or common). Constant tables that
# hold pointers live in .data.rel.ro and are fine.
# usage: scripts/check-globals.sh build/core/*.o
set -u
bad=$(objdump -t "$@" | awk '
	/file format/ { obj = $1 }
	$0 ~ / O / {
		for (i = 1; i <= NF; i++)
			if ($i ~ /^(\.data|\.bss|\.tdata|\.tbss)(\.|$)/ && $i !~ /^\.data\.rel\.ro/ || $i == "*COM*")
				print obj " " $NF " (" $i ")"
	}')
if [ -n "$bad" ]; then
	echo "core-globals: writable global state in core/ (make it const, or pass it in):"
	echo "$bad"
	exit 1
fi
echo "core-globals: core/ has no writable globals ($# objects)"
