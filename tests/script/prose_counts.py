#!/usr/bin/env python3
"""No hand-written count of patches, lessons or presets in prose (issue 51): a number (a word or
digits) before 'patches', 'lessons', 'presets' or 'tours' - 'four patches', 'Seven guided tours' -
goes stale the day a row is added. A limit ('up to three presets', 'at most 8'), a subset a sentence
goes on to name ('two patches whose ...'), and a figure with a thousands comma (a benchmark's
100,000 presets) are not counts of the tables. Each file or '-' (stdin, as NAME) named on the
command line; prints FILE:LINE: TEXT for each, exit 1 if any."""
import re
import sys

NUM = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+)"
PAT = re.compile(r"(?<![\w,])(" + NUM + r")\s+(?:built-in\s+|guided\s+|shipped\s+|bundled\s+)?"
                 r"(patches|patch files|lessons|presets|tours)\b(?!\s+(?:whose|that|which|share))", re.I)
LIMIT = re.compile(r"\b(?:up to|at most|at least|no more than|among|limits?)\b", re.I)
# Not counts of the tables, each said why: the m view's fixed three machines; the subset test_mmpatch writes.
# docs/MODELS.md's issue 55 paragraph: the four patches its sentence before names (watermark, pcp, rss_stat, memcg_flush).
ALLOWED = (re.compile(r"and three presets, a laptop"), re.compile(r"two built-in patches' exact parts"),
           re.compile(r"Then the four patches were held to the code"))


def bad_lines(name, text):
    lines = text.splitlines()
    for n, line in enumerate(lines, 1):
        for m in PAT.finditer(line):
            # the sentence so far, from the lines above it too: 'at most ...; 4 patch files'
            before = (" ".join(lines[max(0, n - 4):n - 1]) + " " + line[:m.start()]).rsplit(". ", 1)[-1]
            if LIMIT.search(before) or any(a.search(line) for a in ALLOWED):
                continue
            yield "%s:%d: %s" % (name, n, line.strip())


def main():
    found = []
    args = sys.argv[1:]
    for i, path in enumerate(args):
        if path.startswith("-="):
            found += bad_lines(path[2:], sys.stdin.read())
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            found += bad_lines(path, f.read())
    for f in found:
        print(f)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
