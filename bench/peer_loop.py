#!/usr/bin/env python3
"""The two-metric totalram sweep of `make bench` as a plain Python loop.

    batchlab --format csv -c 'sweep totalram FROMp TOp step 1
                              committed_as.batch vmpressure.window'

on the default machine (64 CPUs, 4K pages, overcommit guess), the kernel's
arithmetic written out from mm_compute_batch() (mm/mm_init.c) and
vmpressure_init_window() (mm/vmpressure.c, seed 004). `make bench` checks
the output is identical to batchlab's before timing it.
usage: peer_loop.py FROM TO
"""
import sys

NR = 64
INT_MAX = 2147483647
FLOOR = max(2 * NR, 32)


def main():
    lo, hi = int(sys.argv[1]), int(sys.argv[2])
    out = sys.stdout
    out.write("totalram,committed_as.batch.before,committed_as.batch.after,"
              "vmpressure.window.before,vmpressure.window.after\n")
    for t in range(lo, hi + 1):
        before = max(min(t // NR // 256, INT_MAX), FLOOR)
        after = max(min(t // NR // 4, INT_MAX), FLOOR)
        win = 512 * (1 + (t >> 15).bit_length())
        out.write(f"{t},{before},{after},512,{win}\n")


if __name__ == "__main__":
    main()
