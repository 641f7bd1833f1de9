#!/usr/bin/env python3
"""The two-metric totalram sweep of `make bench` in numpy, vectorised, then
joined into text column by column (numpy's savetxt is several times slower).
Same arithmetic and output as peer_loop.py. usage: peer_numpy.py FROM TO
"""
import sys

import numpy as np

NR = 64
INT_MAX = 2147483647
FLOOR = max(2 * NR, 32)


def fls(x):
    n = np.zeros_like(x)
    for k in range(64):
        n += (x >> np.uint64(k)) > 0
    return n


def main():
    lo, hi = int(sys.argv[1]), int(sys.argv[2])
    t = np.arange(lo, hi + 1, dtype=np.uint64)
    before = np.maximum(np.minimum(t // np.uint64(NR) // np.uint64(256), INT_MAX), FLOOR)
    after = np.maximum(np.minimum(t // np.uint64(NR) // np.uint64(4), INT_MAX), FLOOR)
    win = 512 * (1 + fls(t >> np.uint64(15)))
    cols = [c.astype(str) for c in (t, before, after, np.full(t.shape, 512), win)]
    sys.stdout.write("totalram,committed_as.batch.before,committed_as.batch.after,"
                     "vmpressure.window.before,vmpressure.window.after\n")
    sys.stdout.write("\n".join(map(",".join, zip(*(c.tolist() for c in cols)))))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
