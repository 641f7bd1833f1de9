#!/bin/sh
# make check-newpatch: a patch is one file and one line. Copies the tree to a temporary
# folder, adds tests/newpatch/throwaway.c there as core/mm/throwaway.c and PATCH(throwaway)
# to core/patch_list.h - nothing else - and runs the unit and script tests; then checks that
# the throwaway's kernel side follows its two release rows, which it has no code for.
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/batchlab-newpatch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
tar -C "$src" --exclude=./build --exclude=./.git --exclude=./batchlab -cf - . | tar -C "$tmp" -xf -
cp "$src/tests/newpatch/throwaway.c" "$tmp/core/mm/throwaway.c"
echo 'PATCH(throwaway)' >>"$tmp/core/patch_list.h"
cd "$tmp"
make -j2 batchlab
make unit
make script
# its history, as the kernel side computes it: 3.10 runs before (32), 6.1 after (2 * 64 CPUs)
got=$(./batchlab -c 'set kernel 3.10; get throwaway.batch.kernel; set kernel 6.1; get throwaway.batch.kernel;
	set kernel 6.18.8; set cpus 8; get throwaway.batch.kernel')
want=$(printf '32\n128\n32')
if [ "$got" != "$want" ]; then
	printf 'check-newpatch: the throwaway'"'"'s kernel side is\n%s\nwhere its history says\n%s\n' "$got" "$want" >&2
	exit 1
fi
echo "check-newpatch: a throwaway patch of one file and one list line passes the unit and script tests"
