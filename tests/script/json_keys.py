"""Sweeps over every key batchlab has, read back as a script reads them (issue 34, items 2 and 4).

usage: json_keys.py BATCHLAB

The keys come from `help set`, the patches from `help metrics` (by name, never
by count). Every patch that takes variants gets ones named to collide with a
flag - z (n/a: 1/0), z_na and z_inf - beside zero (0, so models divide
by it). Each key is swept over every patch in jsonl, json and csv:

  - every jsonl line and the json document parse with python's json module,
    and no object holds a key twice (json.loads keeps the last silently);
  - every null has its reason (NAME:na, a string) or sign (NAME:inf) beside it;
  - the key's field is a number, except a choice's (kernel), which is a string
    in json and jsonl and a quoted field in csv (csv.QUOTE_NONNUMERIC reads an
    unquoted field as a float: 5.10 would come back 5.1).

It prints what held, never batchlab's figures.
"""
import csv
import io
import json
import subprocess
import sys

BL = sys.argv[1]
failures = []


def fail(msg):
    failures.append(msg)


def run(fmt, cmds):
    p = subprocess.run([BL, "--format", fmt, "-c", cmds], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def no_twice(pairs):
    seen = set()
    for k, _ in pairs:
        if k in seen:
            raise ValueError("key %r twice" % k)
        seen.add(k)
    return dict(pairs)


def strict(text):
    return json.loads(text, object_pairs_hook=no_twice)


def jsonl_rows(text, where):
    rows = []
    for n, line in enumerate(text.splitlines(), 1):
        try:
            obj = strict(line)
        except ValueError as e:
            fail("%s: jsonl line %d: %s: %s" % (where, n, e, line[:200]))
            continue
        if "head" not in obj:
            rows.append(obj)
    return rows


def check_nulls(row, where):
    for k, v in row.items():
        if k.endswith(":na") or k.endswith(":inf"):
            base = k.rsplit(":", 1)[0]
            if base not in row or row[base] is not None:
                fail("%s: %s beside no null %s" % (where, k, base))
            continue
        if v is None and not (isinstance(row.get(k + ":na"), str) or row.get(k + ":inf") in (1, -1)):
            fail("%s: %s is null with no reason beside it" % (where, k))


def check_key(rows, key, choice, where):
    if not rows:
        fail("%s: no row" % where)
    for row in rows:
        v = row.get(key)
        if choice and not isinstance(v, str):
            fail("%s: %s is %r, not a string" % (where, key, v))
        if not choice and (isinstance(v, (bool, str)) or not isinstance(v, (int, float))):
            fail("%s: %s is %r, not a number" % (where, key, v))


def check_csv(text, key, choice, where):
    """The key is the first column: csv.QUOTE_NONNUMERIC types it (quoted: text; else a float)."""
    lines = [l for l in text.splitlines() if l and not l.startswith("#")]
    if not lines or next(csv.reader([lines[0]]))[0] != key:
        fail("%s: csv has no %s column first" % (where, key))
        return
    for line in lines[1:]:
        first = line[:line.index(",")] if line[0] != '"' else line[:line.index('"', 1) + 1]
        try:
            v = next(csv.reader([first], quoting=csv.QUOTE_NONNUMERIC))[0]
        except ValueError:
            v = None  # unquoted and not a number: 6.1.y
        if choice != isinstance(v, str):
            fail("%s: csv %s read back as %r" % (where, key, v))


def keys_and_patches():
    _, out, _ = run("jsonl", "help set; help metrics")
    keys, patches, metrics = {}, [], {}
    for line in out.splitlines():
        o = strict(line)
        if "key" in o and o["range"].startswith("NODE."):
            continue  # zones: a layout typed whole, no sweep key (zones_set tests it)
        if "key" in o:
            keys[o["key"]] = ("|" in o["range"], o["range"])  # a choice lists its names: a|b|c
        elif "metric" in o and o["metric"].split(".")[0] not in patches:
            patches.append(o["metric"].split(".")[0])
            metrics[patches[-1]] = o["metric"]
    return keys, patches, metrics


def variants(patches):
    defs = []
    for p in patches:
        probe = "variant %s zero = 0" % p
        if run("csv", probe)[0] == 0:
            defs += ["variant %s %s" % (p, v) for v in
                     ("z = 1/0", "z_na = 5", "z_inf = 7", "zero = 0")]
    return defs


def ranges(keys):
    """Each key's range: its value to twice it (0 to 1 for a key at 0), or releases; a choice otherwise none."""
    names = [k for k, (choice, _) in keys.items() if not choice]
    _, out, _ = run("jsonl", "get " + " ".join(names))
    rows = [o for o in map(strict, out.splitlines()) if "name" in o]
    out = {o["name"]: str(o["value"]) for o in rows}
    # a bare number set to a key whose range reads 1p.. is bytes: its pages take the p
    suffix = {k: "p" if "p.." in keys[k][1] else "" for k in names}
    r = {}
    for k in names:
        v = float(out[k])
        if ", " in keys[k][1]:  # a set of values (pagesize): its first to its last
            vals = [x.replace(" ", "") for x in keys[k][1].split(", ")]
            r[k] = ["%s %s" % (vals[0], vals[-1])]
        elif v == 0:
            r[k] = ["0 1 step 1"]
        elif out[k].isdigit() and keys[k][1].split("..")[-1].isdigit() and \
                2 * int(out[k]) > int(keys[k][1].split("..")[-1]):
            # twice would pass the key's top (rss_counters: 3 of 1..4): its value to the top, or below it
            top = int(keys[k][1].split("..")[-1])
            r[k] = ["%s %d step 1" % (out[k], top) if int(out[k]) < top else "%d %d step 1" % (top - 1, top)]
        else:
            twice = str(2 * int(out[k])) if out[k].isdigit() else repr(2 * v)
            r[k] = ["%s%s %s%s x 2" % (out[k], suffix[k], twice, suffix[k])]
    r["kernel"] = ["5.9 6.5", "3.10 6.17"]
    return r


def check_jsonl(out, keys):
    """Heads name each sweep: the rows after one are its key's."""
    key = None
    for n, line in enumerate(out.splitlines(), 1):
        try:
            obj = strict(line)
        except ValueError as e:
            fail("jsonl line %d: %s: %s" % (n, e, line[:160]))
            continue
        if "head" in obj:
            key = obj["head"]["command"].split()[1]
            continue
        check_nulls(obj, "jsonl line %d" % n)
        check_key([obj], key, keys[key][0], "jsonl line %d" % n)
        if key == "kernel":
            yield obj["kernel"]


def check_json(out, keys):
    try:
        doc = strict(out)
    except ValueError as e:
        fail("json: %s" % e)
        return
    for res in doc["results"]:
        key = res["command"].split()[1]
        for row in res["rows"]:
            check_nulls(row, "json " + res["command"])
        check_key(res["rows"], key, keys[key][0], "json " + res["command"])


def check_csv_tables(out, keys):
    """A blank line and '# COMMAND' start each table after the first (README, Output for scripts)."""
    for table in out.split("\n\n"):
        lines = table.splitlines()
        if lines and lines[0].startswith("# sweep "):
            lines = lines[1:]
        key = next(csv.reader([lines[0]]))[0]
        check_csv("\n".join(lines), key, keys[key][0], "csv " + key)


def main():
    keys, patches, metrics = keys_and_patches()
    if "kernel" not in keys or not patches:
        sys.exit("help set names no kernel, or help metrics no patch")
    defs = variants(patches)
    if not any(" z_na = " in d for d in defs):
        sys.exit("no patch took a variant")
    # a patch at a time: with four variants each, all of them would pass the 192 columns a sweep holds
    sweeps = ["sweep %s %s %s" % (k, r, p) for k, rs in ranges(keys).items() for r in rs for p in patches]
    # a column asked for twice, by its patch and by its name: one key
    sweeps += ["sweep cpus 1 2 %s %s %s" % (p, m, m) for p, m in metrics.items()]
    cmds = "; ".join(defs + sweeps)
    releases = []
    for fmt in ("jsonl", "json", "csv"):
        code, out, err = run(fmt, cmds)
        if code:
            fail("%s: status %d: %s" % (fmt, code, err.strip()))
        if fmt == "jsonl":
            releases = list(check_jsonl(out, keys))
        elif fmt == "json":
            check_json(out, keys)
        else:
            check_csv_tables(out, keys)
    for want in ("5.10", "6.1.104", "5.9", "6.5"):
        print("kernel %s: %s" % (want, "a string" if want in releases else "missing"))
    _, out, _ = run("jsonl", "sweep kernel 5.9 6.5 memcg_charge.batch")
    print("sweep kernel 5.9 6.5 memcg_charge.batch writes %s" %
          ('"kernel": "5.10"' if '"kernel": "5.10"' in out else "no string 5.10"))
    for f in failures[:20]:
        print("FAIL " + f)
    print("every key swept over every patch: %s" % ("every line parsed, no key twice, every null with its reason"
                                                   if not failures else "%d failures" % len(failures)))


if __name__ == "__main__":
    main()
