# Sourced by walk.sh and repl.sh: what each needs before its first session - the binary by its full
# path, a temporary folder of its own holding the tmux server's socket (tmux puts -L sockets under
# TMUX_TMPDIR, not /tmp/tmux-UID), a session that keeps the server up, and the hang-guard scale.
# in: $1 the binary, $here the tests/tmux folder, $NAME the test's name in messages
# out: BL, tmp, S (the server's -L name), G, pass=0 fail=0, and poll
BL=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
command -v tmux >/dev/null || { echo "tmux-$NAME: tmux not installed"; exit 1; }
tmp=$(mktemp -d)
export TMUX_TMPDIR="$tmp"
S=batchlab-$NAME-$$
trap 'tmux -L $S kill-server 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0
# Killing a server's last session stops it, and a session started while it stops fails ("server
# exited unexpectedly"; seen at load 14 on 2 cores): this one outlives the test's sessions.
tmux -L $S -f /dev/null new-session -d -s keep -x 100 -y 30 "sleep 600" || { echo "tmux-$NAME: cannot start tmux"; exit 1; }
# every wait is a hang guard, scaled for ASan and the load (BL_GUARD_SCALE), never the pass mark
. "$here/../guard_scale.sh"
G=$BL_GUARD_SCALE

# poll TENTHS COMMAND...: run COMMAND every tenth of a second until it succeeds, for TENTHS x G tries
poll() {
	poll_n=$(($1 * G))
	shift
	while [ "$poll_n" -gt 0 ]; do
		"$@" && return 0
		sleep 0.1
		poll_n=$((poll_n - 1))
	done
	return 1
}
