"""Reads batchlab's machine output as a script would, and says what it found.

Used by tests/script/doc_*.cmd with Debian's python3 (python3-jsonschema,
python3-pandas: scripts/deps.sh check installs them):

  doc_check.py json FILE        one JSON document; each result checked against docs/schema/KIND.json
  doc_check.py jsonl FILE       a JSON object a line: head lines and rows, each checked against its kind
  doc_check.py csv FILE         the tables of one stdout, split at '# COMMAND' lines (the README's recipe)
  doc_check.py units FILE       csv with --units: pandas (comment='#') for the rows, the '# units:' line for units
  doc_check.py typed FILE       json: no string in a field that holds numbers, a reason beside every null

It prints counts and names, never batchlab's figures: a test's .out is what
the commands asked for, derived by hand.
"""
import csv
import io
import json
import os
import sys

import jsonschema

SCHEMAS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "schema")
TWO_WORDS = {"preset": "preset_list", "variant": "variant_list"}
TEXT = {"echo", "lesson", "--lesson"}  # text for people: a result of {"text": LINE} rows (text.json)


def no_key_twice(pairs):
    """json.loads keeps the last of a key named twice: a reader would see one value of two."""
    keys = [k for k, _ in pairs]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        sys.exit("a key twice in one object: %s" % ", ".join(twice))
    return dict(pairs)


def schema(name):
    with open(os.path.join(SCHEMAS, name + ".json")) as f:
        s = json.load(f)
    jsonschema.Draft202012Validator.check_schema(s)
    return s


def kind_of(command):
    words = command.split()
    if words and words[0] in TEXT:
        return "text"
    if words[0] == "about" and "--claims" in words:
        return "about_claims"
    if words[0] == "show" and len(words) > 1 and words[1] == "zones":
        return "show_zones"
    if words[0] == "about" and "--validation" in words:
        return "about_validation"
    if words[0] == "host":
        return "host_check" if len(words) > 1 and words[1] == "check" else "host"
    return TWO_WORDS.get(words[0], words[0])


def row_validator(kind):
    s = schema(kind)
    return jsonschema.Draft202012Validator({"$ref": "#/$defs/row", "$defs": s["$defs"]})


def check_json(path):
    with open(path) as f:
        doc = json.load(f, object_pairs_hook=no_key_twice)  # one document: "Extra data" here is the bug the issue reported
    jsonschema.validate(doc, schema("document"))
    for r in doc["results"]:
        jsonschema.validate(r, schema(kind_of(r["command"])))
    print("json: one document, %d results, every one valid for its kind" % len(doc["results"]))
    for r in doc["results"]:
        print("  %s: %d rows, %d units" % (r["command"].split()[0], len(r["rows"]), len(r["units"])))


def check_jsonl(path):
    head_schema = jsonschema.Draft202012Validator(schema("jsonl_head"))
    heads, rows, per, rowv = [], 0, [], None
    with open(path) as f:
        for n, line in enumerate(f, 1):
            obj = json.loads(line, object_pairs_hook=no_key_twice)  # each line by itself
            if "head" in obj:
                head_schema.validate(obj)
                heads.append(obj["head"]["command"])
                per.append(0)
                rowv = row_validator(kind_of(obj["head"]["command"]))
            else:
                if rowv is None:
                    sys.exit("line %d: a row before any head" % n)
                rowv.validate(obj)
                rows += 1
                per[-1] += 1
    print("jsonl: %d heads, %d rows, every line valid" % (len(heads), rows))
    for c, k in zip(heads, per):
        print("  %s: %d rows" % (c.split()[0], k))


def split_tables(text):
    """The README's recipe: a blank line and '# COMMAND' start every table after the first."""
    tables, cmd, lines = [], None, []
    for line in text.splitlines():
        if not line and lines:
            tables.append((cmd, lines))
            cmd, lines = None, []
        elif line.startswith("# ") and not lines and not line.startswith("# units:"):
            cmd = line[2:]
        elif line:
            lines.append(line)
    if lines:
        tables.append((cmd, lines))
    return tables


def check_csv(path):
    with open(path) as f:
        tables = split_tables(f.read())
    print("csv: %d tables" % len(tables))
    for cmd, lines in tables:
        body = [l for l in lines if not l.startswith("# units:")]
        rows = list(csv.reader(io.StringIO("\n".join(body) + "\n")))
        widths = {len(r) for r in rows}
        if len(widths) != 1:
            sys.exit("a table with rows of %s fields" % sorted(widths))
        print("  %s: %d columns, %d rows" % (cmd.split()[0] if cmd else "(first)", len(rows[0]), len(rows) - 1))


def check_units(path):
    import pandas

    with open(path) as f:
        units_line = next(l for l in f if l.startswith("# units:"))
    units = next(csv.reader([units_line[len("# units: "):]]))
    frame = pandas.read_csv(path, comment="#")
    if len(units) != len(frame.columns):
        sys.exit("%d units for %d columns" % (len(units), len(frame.columns)))
    print("units: pandas read %d rows of %d columns, %s" % (len(frame), len(frame.columns),
                                                           ", ".join(str(frame[c].dtype) for c in frame.columns)))
    for c, u in zip(frame.columns, units):
        print("  %s: %s" % (c, u))


def numeric(v):
    if isinstance(v, bool):
        return False
    if isinstance(v, (int, float)) or v is None:
        return True
    return isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v)


def check_typed(path):
    with open(path) as f:
        doc = json.load(f)
    cells = nulls = 0
    for r in doc["results"]:
        for row in r["rows"]:
            for k, v in row.items():
                if k.endswith(":na") or k.endswith(":inf"):
                    continue
                cells += 1
                if not numeric(v):
                    sys.exit("%s: %s is %r, not a number" % (r["command"], k, v))
                if v is None:
                    nulls += 1
                    if not (isinstance(row.get(k + ":na"), str) or row.get(k + ":inf") in (1, -1)):
                        sys.exit("%s: %s is null with no reason beside it" % (r["command"], k))
    if not cells:
        sys.exit("typed: no cell to check")
    print("typed: every cell a number or null; %d nulls, each with its reason" % nulls)
    return nulls


def main():
    what, path = sys.argv[1], sys.argv[2]
    {"json": check_json, "jsonl": check_jsonl, "csv": check_csv, "units": check_units, "typed": check_typed}[what](path)


if __name__ == "__main__":
    main()
