# Issue 34, item 9: a file on a read-only file system is not called a "read-only file" (its mode says
# it may be written; its file system says no). Root only: a read-only tmpfs mounted in the test's own
# folder, unmounted however the test ends; skipped (77) where it cannot be mounted.
cd "$HOME" || exit 1
mkdir -p ro && mount -t tmpfs -o size=64k tmpfs ro 2>/dev/null || { echo "cannot mount a tmpfs here (not root?)" >&2; exit 77; }
trap 'umount ro 2>/dev/null' EXIT
echo old > ro/x && chmod 644 ro/x && mount -o remount,ro ro || exit 1
$BL -c 'get cpus > ro/x'; echo "status $?"; cat ro/x
$BL -c 'get cpus > ro/new'; echo "status $?"
