"""Reads a report's markdown the way a forge does, with a CommonMark parser (Debian's
python3-markdown-it, its GFM table rule on), and prints what it found: the headings, each
table's shape, the fenced blocks. It fails when a table does not parse as one (its rows left
as a paragraph), when a row has more or fewer cells than its header, or when text is left
outside every block. It prints structure, never batchlab's figures.

  md_check.py FILE
"""
import sys

from markdown_it import MarkdownIt


def main():
    text = open(sys.argv[1]).read()
    md = MarkdownIt("commonmark").enable("table")
    tokens = md.parse(text)
    tables, fences, heads = [], [], []
    row = cells = header = None
    for i, t in enumerate(tokens):
        if t.type == "heading_open":
            heads.append("%s %s" % (t.tag, tokens[i + 1].content.split(":")[0].split(" (")[0]))
        elif t.type == "table_open":
            tables.append([0, None])
        elif t.type == "tr_open":
            cells = 0
        elif t.type in ("th_open", "td_open"):
            cells += 1
        elif t.type == "tr_close":
            if tables[-1][1] is None:
                tables[-1][1] = cells
            elif cells != tables[-1][1]:
                sys.exit("table %d: a row of %d cells under a header of %d" % (len(tables), cells, tables[-1][1]))
            else:
                tables[-1][0] += 1
        elif t.type == "fence":
            fences.append(t.content.splitlines()[0] if t.content else "")
        elif t.type == "inline" and "| ---" in t.content:
            sys.exit("a table left as a paragraph: %r" % t.content[:60])
    print("headings: %d" % len(heads))
    for h in heads:
        print("  " + h)
    print("tables: %d" % len(tables))
    for n, (rows, cols) in enumerate(tables, 1):
        print("  %d: %d columns, %s rows" % (n, cols, "some" if rows else "no"))
    print("fenced blocks: %d" % len(fences))
    for f in fences:
        print("  first line: " + f.split(" on ")[0].split(" '")[0])


if __name__ == "__main__":
    main()
