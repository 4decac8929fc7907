# Checks dtrace -x oformat=json output for the tests of this directory
# (not a test: runtest runs only tst.* and err.* files). Every line must
# be one JSON value a strict parser accepts; then each check compares it
# with what the text output of the same program says. One python run per
# test: python starts slowly in the guest.
import json
import re
import sys


def strict(text):
    def no_constant(name):
        raise ValueError("non-JSON constant " + name)
    return json.loads(text, parse_constant=no_constant)


def lines(path):
    out = []
    with open(path, "rb") as f:
        for n, raw in enumerate(f.read().split(b"\n")[:-1], 1):
            text = raw.decode("utf-8")  # strict: invalid UTF-8 fails here
            obj = strict(text)
            if not isinstance(obj, dict) or "type" not in obj:
                raise SystemExit("%s:%d: not an object with a type: %s" % (path, n, text))
            out.append(obj)
    return out


def text_of(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")


def frame_text(fr):
    if "symbol" in fr:
        off = fr.get("offset", 0)
        return "%s`%s%s" % (fr["module"], fr["symbol"], "+0x%x" % off if off else "")
    return fr.get("module", "0x%x" % fr["address"])


# The quiet text layout rebuilt from the records.
def as_text(rec):
    k = rec["kind"]
    if k == "printf":
        return rec["message"]
    if k in ("stack", "ustack", "jstack"):
        return "\n" + "".join(" " * 14 + frame_text(f) + "\n" for f in rec["value"])
    if k in ("sym", "mod", "usym", "umod", "uaddr", "ufunc"):
        return "  %-50s" % rec["value"]
    if k == "trace":
        return str(rec["value"])
    if k == "printa":
        return rec.get("message", "")
    return ""


def check_same_text(json_path, text_path):
    objs = lines(json_path)
    rebuilt = "".join(as_text(r) for o in objs if o["type"] == "probe" for r in o["output"])
    want = text_of(text_path)
    if want.endswith("\n"):  # the newline the text output ends every run with
        want = want[:-1]
    if rebuilt != want:
        raise SystemExit("JSON records rebuild %r, text output is %r" % (rebuilt, want))
    return objs


def label_matches(label, b):
    label = label.strip()
    if label.startswith("<"):
        return "min" not in b and b["max"] + 1 == int(label[1:])
    if label.startswith(">="):
        return "max" not in b and b["min"] == int(label[2:])
    v = int(label)
    return b.get("min") == v or (v < 0 and b.get("max") == v)


# printa("...", @x) text: scalar lines "key... value"; histograms as rows
# "label |@@@ count" whose non-zero rows must be the JSON buckets.
def check_aggs(json_path, text_path):
    objs = lines(json_path)
    aggs = [a for o in objs if o["type"] == "probe" for r in o["output"] if r["kind"] == "printa"
            for a in r["aggregations"]]
    text = text_of(text_path).split("\n")
    seen = set()
    for a in aggs:
        seen.add(a["function"])
        for e in a["aggregation-data"]:
            if "buckets" in e:
                rows = []
                while text and not re.match(r"^\s+value\s+-+ Distribution", text[0]):
                    text.pop(0)
                text.pop(0)
                while text and text[0].strip():
                    m = re.match(r"^\s*(<\s*-?\d+|>=\s*-?\d+|-?\d+)\s[@ ]*\|[@ ]*\s(-?\d+)\s*$", text.pop(0))
                    if m and int(m.group(2)):
                        rows.append((m.group(1), int(m.group(2))))
                bs = e["buckets"]
                if len(rows) != len(bs) or not all(c == b["count"] and label_matches(l, b)
                                                   for (l, c), b in zip(rows, bs)):
                    raise SystemExit("@%s: text rows %s, JSON buckets %s" % (a["aggregation-name"], rows, bs))
            else:
                while text and not text[0].strip():
                    text.pop(0)
                want = " ".join([str(k) for k in e["keys"]] + [str(e["value"])])
                got = " ".join(text.pop(0).split())
                if got != want:
                    raise SystemExit("@%s: text %r, JSON %r" % (a["aggregation-name"], got, want))
    return objs, seen


# dtrace's own messages: those the text run printed on stderr (without
# "dtrace: ") are the messages of the JSON run's other objects, in order;
# digits are masked, as a drop may land on another CPU in each run.
def check_same_notices(json_path, text_path):
    objs = lines(json_path)
    mask = lambda m: re.sub(r"[0-9]+", "#", m)
    got = [mask(o["message"]) for o in objs if o["type"] != "probe" and "message" in o]
    want = [mask(l[len("dtrace: "):]) for l in text_of(text_path).split("\n") if l.startswith("dtrace: ")]
    if got != want:
        raise SystemExit("%s: JSON messages %s, text stderr %s" % (json_path, got, want))


def check(what, args):
    if what == "same-notices":
        check_same_notices(args[0], args[1])
    elif what == "parse":
        for p in args:
            lines(p)
    elif what == "same-text":
        check_same_text(args[0], args[1])
    elif what == "aggs":
        objs, seen = check_aggs(args[0], args[1])
        need = {"count", "sum", "avg", "min", "max", "stddev", "quantize", "lquantize", "llquantize"}
        if seen != need:
            raise SystemExit("functions seen: %s" % sorted(seen))
    else:
        # a Python expression over `objs` (the lines of args[0]) that must hold
        objs = lines(args[0])
        if not eval(what, {"objs": objs, "re": re}):
            raise SystemExit("fails: %s\n%s" % (what, "\n".join(json.dumps(o) for o in objs)))
    print("ok " + what[:60])


# Checks separated by "::": CHECK ARGS... :: CHECK ARGS...
def main():
    group = []
    for a in sys.argv[1:] + ["::"]:
        if a != "::":
            group.append(a)
        elif group:
            check(group[0], group[1:])
            group = []


main()
