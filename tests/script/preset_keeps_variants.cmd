# Issue 21.5: a preset is a machine - loading one keeps the session's variants; one the preset file defines
# under the same name replaces the session's, and says so. reset says which variants it kept.
cd "$HOME" || exit 1
printf 'cpus = 8\nvariant.memcg_charge.a = 4\nvariant.memcg_charge.c = cpus\n' > p.preset
$BL -c 'variant memcg_charge a = 1; variant memcg_charge b = 2; variant vmpressure w = 512
preset load ./p.preset; get cpus; get memcg_charge.batch; get vmpressure.window'; echo "exit $?"
# the variant columns in the order they were made: the session's, then the preset's new one
$BL -c 'variant memcg_charge b = 2; preset load ./p.preset; sweep cpus 1 2 memcg_charge.batch'; echo "exit $?"
# nothing to say when the session has no variants; a preset that fails changes nothing
$BL -c 'preset load ./p.preset; get memcg_charge.batch'; echo "exit $?"
printf 'cpus = 0\n' > bad.preset
$BL -c 'variant memcg_charge b = 2; preset load ./bad.preset'; echo "exit $?"
$BL -c 'variant memcg_charge b = 2; set cpus 4; reset; get cpus; get memcg_charge.batch.b; reset; variant del memcg_charge b; reset'; echo "exit $?"
