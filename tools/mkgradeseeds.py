#!/usr/bin/env python3
"""fuzz/corpus/grade, the seeds of fuzz_grade (fuzz/fuzz_grade.c), from the tree's own files.

Lessons: lessons/*.lesson, tests/script/*.lesson, and the lessons tests/script/*.cmd write
(a heredoc `cat > X.lesson <<'L'`, or `printf '...' > X.lesson`). Answer files: every
`printf '...' > X.txt` of those tests. With a built batchlab (argument 1), each lesson's own
right answers too, as --check answers them. A seed is a lesson, a NUL and answers; a lesson
alone; or answers alone (fuzz_grade grades those against a built-in lesson).

usage: tools/mkgradeseeds.py [./batchlab]    (from the top of the tree; rewrites fuzz/corpus/grade)
"""
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys

OUT = "fuzz/corpus/grade"


def printf_bytes(s):
    """What sh's printf makes of a single-quoted format without % conversions."""
    out, i = bytearray(), 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            if n in "01234567":
                j = i + 1
                while j < len(s) and j < i + 4 and s[j] in "01234567":
                    j += 1
                out.append(int(s[i + 1:j], 8) & 0xFF)
                i = j
                continue
            out += {"n": b"\n", "t": b"\t", "r": b"\r", "\\": b"\\", "a": b"\a"}.get(n, ("\\" + n).encode())
            i += 2
            continue
        out += c.encode()
        i += 1
    return bytes(out)


def from_tests():
    lessons, answers = [], []
    for cmd in sorted(glob.glob("tests/script/*.cmd")):
        text = open(cmd, encoding="utf-8", errors="replace").read()
        for m in re.finditer(r"cat > *[\w./-]+\.lesson <<'?(\w+)'?\n(.*?)\n\1\n", text, re.S):
            lessons.append(m.group(2).encode() + b"\n")
        for m in re.finditer(r"printf '([^']*)' *> *\"?([\w./$-]+)\"?", text):
            data, name = printf_bytes(m.group(1)), m.group(2)
            if "%" in m.group(1):
                continue
            (lessons if name.endswith(".lesson") else answers).append(data)
    return lessons, answers


def own_answers(bl, path):
    """The lesson's right answers, a line each, as --check tries them ("> ANSWER" in its transcript)."""
    try:
        r = subprocess.run([bl, "--check", "--lesson", path], capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    lines = [l[2:] for l in r.stdout.split(b"\n") if l.startswith(b"> ")]
    return b"".join(l + b"\n" for l in lines) if lines else None


def main():
    bl = sys.argv[1] if len(sys.argv) > 1 else None
    files = sorted(glob.glob("lessons/*.lesson") + glob.glob("tests/script/*.lesson"))
    lessons = [(f, open(f, "rb").read()) for f in files]
    more, answers = from_tests()
    lessons += [(None, t) for t in more]
    seeds = set(answers)
    for k, (path, text) in enumerate(lessons):
        seeds.add(text)
        seeds.add(text + b"\0")
        if answers:
            seeds.add(text + b"\0" + answers[k % len(answers)])
        right = own_answers(bl, path) if bl and path else None
        if right:
            seeds.add(text + b"\0" + right)
            seeds.add(b"\xef\xbb\xbf" + right)  # the same answers for a built-in lesson, with a mark
            lines = right.split(b"\n")
            seeds.add(b"".join(b"%d: %s\n" % (i + 1, l) for i, l in enumerate(lines) if l))
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    for s in sorted(seeds):
        with open(os.path.join(OUT, hashlib.sha1(s).hexdigest()), "wb") as f:
            f.write(s)
    print("%s: %d seeds from %d lessons and %d answer files" % (OUT, len(seeds), len(lessons), len(answers)))


if __name__ == "__main__":
    main()
