#!/bin/sh
# No global mutable state in core/: fail if any object given defines a symbol
# in writable data (.data, .bss, thread-local or common). Constant tables that
# hold pointers live in .data.rel.ro and are fine. And no weak symbol: nothing
# in core is a default a layer above replaces at link time (a front end hands
# core what it needs, as a patch set, core/patchset.h).
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
weak=$(nm "$@" | awk '/:$/ { obj = $1 } NF == 3 && $2 ~ /^[VvWw]$/ { print obj " " $3 " (weak)" }')
if [ -n "$weak" ]; then
	echo "core-globals: weak symbols in core/ (a layer above would replace them at link time; pass it in):"
	echo "$weak"
	exit 1
fi
echo "core-globals: core/ has no writable globals and no weak symbol ($# objects)"
