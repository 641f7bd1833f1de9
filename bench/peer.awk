# The two-metric totalram sweep of `make bench` in awk (mawk): the same
# arithmetic and output as peer_loop.py.  usage: mawk -v from=N -v to=M -f peer.awk
# Doubles hold these whole numbers exactly (below 2^53), and %d prints them whole.
BEGIN {
	nr = 64; int_max = 2147483647; floor_ = 2 * nr > 32 ? 2 * nr : 32
	print "totalram,committed_as.batch.before,committed_as.batch.after,vmpressure.window.before,vmpressure.window.after"
	for (t = from; t <= to; t++) {
		b = int(int(t / nr) / 256); if (b > int_max) b = int_max; if (b < floor_) b = floor_
		a = int(int(t / nr) / 4); if (a > int_max) a = int_max; if (a < floor_) a = floor_
		m = int(t / 32768); f = 0
		while (m > 0) { f++; m = int(m / 2) }
		printf "%d,%d,%d,512,%d\n", t, b, a, 512 * (1 + f)
	}
}
