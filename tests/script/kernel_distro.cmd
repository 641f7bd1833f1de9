# Issue 49: a distribution's release strings read for the upstream code they name, the same in
# `set kernel` and `host`; which state runs, and why, is a note on stderr (issue 47), never stdout.
for k in 'Ubuntu 5.15.0-91.101-generic 5.15.131' '#1 SMP PREEMPT_DYNAMIC Debian 6.1.55-1 (2023-09-29)' \
	5.15.0-91-generic 6.5.6-300.fc39.x86_64 6.6.1-arch1-1 4.18.0-553.el8_10.x86_64 \
	5.14.21-150500.55.39-default 6.9-rc3 6.1.119; do
	$BL -c "set kernel \"$k\"; get kernel"
done
# one line on stdout where a script expects one value (issue 47)
[ "$($BL -c 'set kernel 6.1.119; get memcg_charge.batch.kernel' 2>/dev/null | wc -l)" = 1 ] && echo "one line"
# Ubuntu 5.15.0-91 (upstream 5.15.131) carries 5.15.18's memcg flush backport: 2048, not n/a
$BL -c "set kernel 'Ubuntu 5.15.0-91.101-generic 5.15.131'; get memcg_flush.threshold.kernel" 2>/dev/null
# host reads /proc/version_signature first: a saved Ubuntu machine
r=$HOME/ubuntu; cp -r machines/fc-2cpu-6.18 $r; echo 5.15.0-91-generic > $r/proc/sys/kernel/osrelease
echo 'Ubuntu 5.15.0-91.101-generic 5.15.131' > $r/proc/version_signature
$BL -c "host $r" | grep '^kernel'
rm $r/proc/version_signature; echo '#1 SMP Debian 6.1.55-1 (2023-09-29)' > $r/proc/sys/kernel/version
$BL -c "host $r" | grep '^kernel'
