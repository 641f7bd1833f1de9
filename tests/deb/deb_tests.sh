#!/bin/sh
# The Debian package, end to end, in a temporary folder and nowhere else:
# built from this tree (scripts/deb.sh: dpkg-buildpackage -us -uc -b), lintian
# with no error and no warning, the compiler given dpkg-buildflags' hardening
# flags, debian/rules' check skipped under DEB_BUILD_OPTIONS=nocheck, every file
# where Debian puts it, then unpacked into a root of its own (dpkg -x: never
# onto this machine's /) and the unpacked binary run on the package's smoke
# test, with its own data folders. Skipped, saying which, where the tools are
# missing (make deps installs them).
# usage: tests/deb/deb_tests.sh
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
missing=
for tool in dpkg-buildpackage dh lintian dpkg-deb; do
	command -v $tool >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -n "$missing" ]; then
	echo "deb-test: SKIPPED: not installed:$missing (make deps installs dpkg-dev, debhelper and lintian)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "deb-test: $*"; fail=1; }
version=$(sed -n 's/^VERSION *= *//p' "$top/Makefile")

# debian/rules' own logic, dry: the check runs unless nocheck says not to
(cd "$top" && DEB_BUILD_OPTIONS= make -s -n -f debian/rules override_dh_auto_test) | grep -q 'debian/tests/smoke' ||
	bad "debian/rules: no build-time check without nocheck"
(cd "$top" && DEB_BUILD_OPTIONS=nocheck make -s -n -f debian/rules override_dh_auto_test) | grep -q 'debian/tests/smoke' &&
	bad "debian/rules: DEB_BUILD_OPTIONS=nocheck still runs the check"

# the build itself runs the check (no nocheck), on both cores
if ! HOME="$tmp" DEB_BUILD_OPTIONS="parallel=${BL_JOBS:-2} noautodbgsym" sh "$top/scripts/deb.sh" "$tmp" >"$tmp/build.log" 2>&1; then
	tail -30 "$tmp/build.log"
	echo "deb-test: dpkg-buildpackage failed (log above)"
	exit 1
fi
grep -q '^smoke: ' "$tmp/build.log" || bad "the build ran no check (debian/rules override_dh_auto_test)"
# hardening: every compile line carries dpkg-buildflags' CPPFLAGS and CFLAGS
flags=$(dpkg-buildflags --get CPPFLAGS; dpkg-buildflags --get CFLAGS)
for f in -D_FORTIFY_SOURCE=2 -fstack-protector-strong; do
	echo "$flags" | grep -q -- "$f" || continue
	n=$(grep -c -- ' -c .*\.c -o ' "$tmp/build.log")
	k=$(grep -- ' -c .*\.c -o ' "$tmp/build.log" | grep -c -- "$f")
	[ "$n" -gt 0 ] && [ "$n" = "$k" ] || bad "$k of $n compile lines carry $f"
done
deb=$(ls "$tmp"/batchlab_"$version"_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { echo "deb-test: no batchlab_${version}_*.deb built"; exit 1; }

lintian --fail-on error,warning "$tmp"/batchlab_"$version"_*.changes >"$tmp/lintian.out" 2>&1
rc=$?
grep -v 'running with root privileges' "$tmp/lintian.out"
[ $rc = 0 ] || bad "lintian found errors or warnings (above)"

# where Debian puts each kind of file
dpkg-deb -x "$deb" "$tmp/root" || { echo "deb-test: dpkg-deb -x failed"; exit 1; }
r=$tmp/root
for f in usr/bin/batchlab usr/share/man/man1/batchlab.1.gz usr/share/man/man5/batchlab-lesson.5.gz \
	usr/share/man/man5/batchlab-mmpatch.5.gz usr/share/bash-completion/completions/batchlab \
	usr/share/zsh/vendor-completions/_batchlab usr/share/doc/batchlab/copyright usr/share/doc/batchlab/NEWS.gz; do
	[ -f "$r/$f" ] || bad "the package has no /$f"
done
for kind in presets:preset lessons:lesson patches:mmpatch; do
	d=${kind%%:*} ext=${kind#*:}
	want=$(ls "$top/$d"/*."$ext" | wc -l)
	got=$(ls "$r/usr/share/batchlab/$d"/*."$ext" 2>/dev/null | wc -l)
	[ "$want" = "$got" ] || bad "/usr/share/batchlab/$d holds $got .$ext files, the tree $want"
done
[ "$(stat -c %a "$r/usr/bin/batchlab")" = 755 ] || bad "/usr/bin/batchlab is not mode 755"

# the unpacked binary: its version, and the smoke test on its own data
"$r/usr/bin/batchlab" --version | grep -q "^batchlab $version" || bad "the packaged batchlab --version: $("$r/usr/bin/batchlab" --version)"
sh "$top/debian/tests/smoke" "$r/usr/bin/batchlab" "$r/usr/share/batchlab" || bad "the packaged binary failed the smoke test"
[ $fail = 0 ] && echo "deb-test: $(basename "$deb") built, lintian-clean, unpacked into a temporary root, and its binary ran"
exit $fail
