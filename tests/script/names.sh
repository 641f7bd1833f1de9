# Sourced by a script test whose output lists every patch, preset, release or lesson batchlab knows:
# those lists, as this binary prints them, become PATCHES, PRESETS, RELEASES and LESSONS in its output
# (and the patches a variant or a trade-off takes, VARIANT_PATCHES and TRADEOFF_PATCHES),
# once each is seen to hold the names the test means by name. A new patch, preset or release
# then changes no golden file. BL becomes a wrapper in the test's own HOME that keeps the exit
# status and each stream apart.
names_real=$BL
names_dir=$HOME/names
mkdir -p "$names_dir"
names_esc() { printf '%s\n' "$1" | sed 's/[]\/$*.^[]/\\&/g'; }
names_need() { # LIST WORD...: every WORD is an item of the list, or the test fails here
	list=$1
	shift
	for w; do
		printf '%s\n' "$list" | tr ',|' '\n\n' | sed 's/^ *//; s/^or //; s/ or .*//; s/.* or //' | grep -qx "$w" ||
			{ echo "names.sh: '$w' is not in the list '$list'" >&2; exit 1; }
	done
}
names_patches=$("$names_real" -c 'about nosuch' 2>&1 | sed -n 's/.*(expected \(.*\))$/\1/p')
names_presets=$("$names_real" -c 'preset load nosuch' 2>&1 | sed -n 's/.*(found: \(.*\))$/\1/p')
names_releases=$("$names_real" --format jsonl -c 'help set' 2>&1 | sed -n 's/.*"key": "kernel", "range": "\([^"]*\)".*/\1/p')
names_need "$names_patches" memcg_charge proactive_reclaim committed_as vmpressure vmstat
names_variants=$("$names_real" -c 'variant nosuch v1 = 1' 2>&1 | sed -n 's/.*(expected \(.*\))$/\1/p')
names_need "$names_variants" memcg_charge proactive_reclaim committed_as vmpressure
names_tradeoffs=$("$names_real" -c 'tradeoff nosuch' 2>&1 | sed -n 's/.*(expected \(.*\))$/\1/p')
names_need "$names_tradeoffs" memcg_charge proactive_reclaim committed_as vmpressure
names_need "$names_presets" arm64-64k-pages huge-65536cpu laptop-8c-16g netperf-72cpu vm-4g
names_lessons=$("$names_real" --lesson nosuchlesson 2>&1 | sed -n 's/.*(known: \(.*\))$/\1/p')
names_need "$names_releases" 3.10 5.15 6.1 6.1.104 6.17
names_need "$names_lessons" committed_as memcg_charge proactive_reclaim scaling vmpressure
{
	printf 's/%s/PATCHES/g\n' "$(names_esc "$names_patches")"
	printf 's/%s/VARIANT_PATCHES/g\n' "$(names_esc "$names_variants")"
	printf 's/%s/TRADEOFF_PATCHES/g\n' "$(names_esc "$names_tradeoffs")"
	printf 's/%s/PRESETS/g\n' "$(names_esc "$names_presets")"
	printf 's/%s/RELEASES/g\n' "$(names_esc "$names_releases")"
	printf 's/%s/LESSONS/g\n' "$(names_esc "$names_lessons")"
} >"$names_dir/names.sed"
cat >"$names_dir/bl" <<WRAP
#!/bin/sh
"$names_real" "\$@" >"$names_dir/out.\$\$" 2>"$names_dir/err.\$\$"
rc=\$?
sed -f "$names_dir/names.sed" "$names_dir/out.\$\$"
sed -f "$names_dir/names.sed" "$names_dir/err.\$\$" >&2
rm -f "$names_dir/out.\$\$" "$names_dir/err.\$\$"
exit \$rc
WRAP
chmod +x "$names_dir/bl"
BL=$names_dir/bl
