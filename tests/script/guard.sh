#!/bin/sh
# guard.sh SECONDS COMMAND...: COMMAND under a hang guard - ended after SECONDS times
# BL_GUARD_SCALE (tests/guard_scale.sh: valgrind, ASan and the load), with its status 124
# and a line on stderr saying which command ran that long: a hang, or a machine slower
# than the scale allows - never a pass mark. Script tests call it as $GUARD SECONDS ...
s=$1
shift
k=${BL_GUARD_SCALE:-1}
timeout "$((s * k))" "$@"
rc=$?
[ $rc = 124 ] && echo "hang guard: still running after $((s * k)) s ($s s x $k for valgrind and load), ended: $*" >&2
exit $rc
