#!/bin/sh
# Build batchlab's Debian package from this tree into OUTDIR: the tree's files
# (git's list when it is a clone: what is committed or added, not build/) are
# copied to OUTDIR/batchlab-VERSION, with the commit in .commit for --version,
# and dpkg-buildpackage -us -uc -b builds there; the .deb lands in OUTDIR.
# usage: scripts/deb.sh OUTDIR   (DEB_BUILD_OPTIONS passes through: nocheck, parallel=N)
set -eu
out=$1
top=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's/^VERSION *= *//p' "$top/Makefile")
for tool in dpkg-buildpackage dh; do
	command -v $tool >/dev/null 2>&1 || { echo "deb: $tool is not installed (apt-get install dpkg-dev debhelper)" >&2; exit 1; }
done
src=$out/batchlab-$version
rm -rf "$src"
mkdir -p "$src"
cd "$top"
if [ -e .git ] && command -v git >/dev/null 2>&1; then
	# tracked and new files alike, as they are in the tree now; a file deleted but not yet committed is left out
	git ls-files -z --cached --others --exclude-standard | xargs -0 sh -c 'for f; do [ -f "$f" ] && printf "%s\n" "$f"; done' sh |
		tar -cf - -T - | tar -xf - -C "$src"
	commit=$(git rev-parse --short=12 HEAD)$(git diff --quiet HEAD || echo -dirty)
	echo "$commit" >"$src/.commit"
else
	tar -cf - --exclude=./build --exclude=./batchlab --exclude=./debian/.debhelper . | tar -xf - -C "$src"
fi
cd "$src"
dpkg-buildpackage -us -uc -b
ls "$out"/batchlab_"$version"_*.deb
