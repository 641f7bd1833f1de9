#!/bin/sh
# Every metric `get` gives on every side, over every preset (and the
# defaults), with a variant of each patch's constant that takes one and the
# shipped patch file loaded: the figures a refactor must leave as they are.
# Run it with two builds and diff the outputs (it decides no figure itself).
# usage: tests/grid/get_grid.sh ./batchlab > grid.txt   (writes nothing else)
set -eu
bl=${1:-./batchlab}
here=$(cd "$(dirname "$0")/../.." && pwd)
pf="$here/patches/percpu_batch256.mmpatch"
csv=$("$bl" -P "$pf" --format csv -c 'help metrics' | tail -n +2)
variants=""
for p in $(echo "$csv" | cut -d. -f1 | sort -u); do
	v="variant $p g1 = cpus * 2 + 7"
	if "$bl" -P "$pf" -c "$v" >/dev/null 2>&1; then variants="$variants$v
"; fi
done
# every name get takes: the metric, each side, the kernel side and the variant where there are
refs=$(for n in $(echo "$csv" | cut -d, -f1); do
	for side in "" .before .after .kernel .g1 .full .cluster .decay; do
		printf '%s%s\n' "$n" "$side"
	done
done | while read -r ref; do
	if printf '%sget %s\n' "$variants" "$ref" | "$bl" -P "$pf" >/dev/null 2>&1; then echo "$ref"; fi
done)
for preset in "" $(ls "$here/presets" | sed -n 's/\.preset$//p'); do
	echo "== preset ${preset:-defaults}"
	for r in $refs; do # one run a name: an error (a list too long to print) stops no other
		printf '%sget --named %s\n' "$variants" "$r" | "$bl" ${preset:+-p "$preset"} -P "$pf" 2>&1 || true
	done
done
