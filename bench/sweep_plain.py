#!/usr/bin/env python3
"""batchlab's 65536-row exact sweep, written plainly in Python, for `make bench`.

The same loop as
    batchlab --format csv -c 'set ram 256G; sweep cpus 1 65536 step 1
                              committed_as.batch.after vmstat.threshold'
with the kernel's arithmetic written out from mm_compute_batch() (mm/mm_init.c)
and calculate_normal_threshold() (mm/vmstat.c). `make bench` checks that the
two outputs are identical and times both as whole processes.
"""
import sys

PAGE_SIZE = 4096
PAGE_SHIFT = 12
INT_MAX = 2147483647
RAM = 256 << 30


def fls(x):
    return x.bit_length()


def totalram_pages(ram):
    # installed pages less the memmap: one 64-byte struct page per page
    pages = ram // PAGE_SIZE
    return pages - pages * 64 // PAGE_SIZE


def committed_as_batch_after(totalram, nr):
    # overcommit guess: the 64X lift, totalram / nr / 4, at least max(2 * nr, 32)
    return max(min(totalram // nr // 4, INT_MAX), max(2 * nr, 32))


def vmstat_threshold(zone, cpus):
    mem = zone >> (27 - PAGE_SHIFT)
    return min(125, 2 * fls(cpus) * (1 + fls(mem)))


def main():
    totalram = totalram_pages(RAM)
    out = sys.stdout
    out.write("cpus,committed_as.batch.after,vmstat.threshold\n")
    for cpus in range(1, 65537):
        out.write(f"{cpus},{committed_as_batch_after(totalram, cpus)},{vmstat_threshold(totalram, cpus)}\n")


if __name__ == "__main__":
    main()
