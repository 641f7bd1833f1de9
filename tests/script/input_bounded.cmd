# Issue 11: every read is bounded. /dev/zero (read-only use of the real device) and an endless line
# each stop at once with one line and exit 1, in under 10 MB; a script line over the limit is refused.
# The memory bound is measured on the plain build (make script-tests); ASan and valgrind runs
# (BL_WRAP, batchlab-asan) carry their own megabytes, so there only the exit and the line are checked.
measured=1; case "$BL" in *asan*) measured=0;; esac; [ -n "${BL_WRAP:-}" ] && measured=0
rss() { /usr/bin/time -f '%M' -o "$HOME/rss" sh -c "$1" 2>"$HOME/err"; echo "exit $?"; cat "$HOME/err";
	if [ $measured = 0 ] || [ "$(tail -1 "$HOME/rss")" -lt 10240 ]; then echo "rss ok"; else echo "rss $(tail -1 "$HOME/rss") KB"; fi; }
rss "$GUARD 5 $BL < /dev/zero"
rss "$GUARD 5 $BL -f /dev/zero"
rss "yes | tr -d '\n' | $GUARD 5 $BL"
rss "yes | tr -d '\n' | $GUARD 5 $BL -f -"
{ printf 'get cpus\n'; head -c 5000 /dev/zero | tr '\0' ' '; printf 'get ram\n'; } | $BL; echo "exit $?"
