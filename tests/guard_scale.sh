# Sourced by the test runners (script_tests.sh, tmux_tests.sh, repl.sh): BL_GUARD_SCALE, by which every
# wall-clock limit of a test is multiplied. A limit is a hang guard, never the pass mark: on a 2-core
# machine at load 7, or under valgrind (BL_WRAP) or ASan, a run takes many times its idle time, and a
# test that then hits its limit is a bug in the test (issue 34). Set BL_GUARD_SCALE to choose it.
# Scale: 1 idle; x10 under valgrind, x3 with ASan; times 1 + load / CPUs (the 1-minute load, whole;
# BL_LOAD to give one).
if [ -z "${BL_GUARD_SCALE:-}" ]; then
	bl_k=1
	[ -n "${BL_WRAP:-}" ] && bl_k=10
	case "${BL:-}" in *asan*) bl_k=$((bl_k * 3)) ;; esac
	bl_load=${BL_LOAD:-$(cut -d' ' -f1 /proc/loadavg 2>/dev/null | cut -d. -f1)}
	bl_cpus=$(nproc 2>/dev/null || echo 1)
	BL_GUARD_SCALE=$((bl_k * (1 + ${bl_load:-0} / bl_cpus)))
fi
export BL_GUARD_SCALE
