#!/bin/sh
# Make sure the Debian packages batchlab builds and tests with are installed:
# as root, install what is missing with apt-get; otherwise print the one
# command to run and fail, so `make run` / `make check` stop with a clear word.
# usage: scripts/deps.sh [run|check|bench]
# bench: what `make bench` compares batchlab with (python, numpy, mawk, bc, dialog), not what batchlab needs.
set -u
what=${1:-check}
pkgs="libncurses-dev libreadline-dev pkg-config make"
# python3-jsonschema, python3-pandas and jq read the csv/json/jsonl output back in the script tests, python3-markdown-it
# a report's markdown (test-only); dpkg-dev, debhelper and lintian build and check the Debian package (make deb-test)
[ "$what" = check ] && pkgs="$pkgs libcmocka-dev tmux mandoc clang valgrind time librsvg2-bin libxml2-utils python3 python3-jsonschema python3-pandas python3-markdown-it jq dpkg-dev debhelper lintian"
[ "$what" = bench ] && pkgs="$pkgs python3 python3-numpy mawk bc dialog"
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
# mandoc -Tlint checks cross-references against its own database: build it once
makewhatis_once() {
	if [ "$what" = check ] && [ "$(id -u)" -eq 0 ] && [ ! -f /usr/share/man/mandoc.db ] &&
		command -v makewhatis >/dev/null 2>&1; then
		makewhatis /usr/share/man >/dev/null 2>&1 || true
	fi
}
if [ -z "$missing" ]; then
	makewhatis_once
	exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
	echo "batchlab: missing packages:$missing (no apt-get here: install their equivalents)" >&2
	exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "batchlab: missing packages. Run:" >&2
	echo "  sudo apt-get update && sudo apt-get install -y$missing" >&2
	exit 1
fi
echo "batchlab: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2 && apt-get install -y -qq --no-install-recommends $missing >&2 || exit 1
makewhatis_once
