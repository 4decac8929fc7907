#!/usr/bin/env python3
"""Checks the include rules of doc/architecture.md against the tree.

The rules are the table under "## Include rules": a row per path, the
directories its files may include with #include "dir/...", and either
"free" or the only system headers its files may include (a file name
before headers limits those headers to that file). The longest matching
path decides; a quoted include without a directory is a file's own.
Prints each violation as FILE:LINE and exits 1 if there is any;
--selftest plants violations and checks that each is reported.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

SOURCE = re.compile(r"\.(c|h|cc|def|S)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+([<"])([^>"]+)[>"]')


def parse_rules(doc_text):
    """{path: (set of dirs, None or [(file or None, header)])}."""
    section = doc_text.split("## Include rules", 1)
    if len(section) != 2:
        raise SystemExit("include_rules: no '## Include rules' section")
    rules = {}
    for line in section[1].split("\n## ", 1)[0].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        path = cells[0].strip("`")
        dirs = {t.rstrip("/") for t in re.findall(r"`([^`]+)`", cells[1])}
        if cells[2] == "free":
            system = None
        else:
            system, only_in = [], None
            for tok in re.findall(r"`([^`]+)`", cells[2]):
                if tok.startswith("<"):
                    system.append((only_in, tok[1:-1]))
                else:
                    only_in = tok
        rules[path] = (dirs, system)
    if not rules:
        raise SystemExit("include_rules: the rules table is empty")
    return rules


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files"], check=True,
                             capture_output=True, text=True).stdout
        return out.split()
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, subdirs, names in os.walk(root):
            subdirs[:] = [s for s in subdirs if s not in (".git", "build")]
            files += [os.path.relpath(os.path.join(d, n), root) for n in names]
        return files


def rule_for(rules, path):
    best = None
    for p in rules:
        if path.startswith(p) and (best is None or len(p) > len(best)):
            best = p
    return best


def check(root, rules, files):
    bad = []
    for f in files:
        if not SOURCE.search(f):
            continue
        key = rule_for(rules, f)
        if key is None:
            continue
        dirs, system = rules[key]
        try:
            text = open(os.path.join(root, f), errors="replace").read()
        except OSError:
            continue
        base = os.path.basename(f)
        for n, line in enumerate(text.splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            kind, name = m.groups()
            if kind == '"':
                if "/" in name and name.split("/", 1)[0] not in dirs:
                    bad.append(f"{f}:{n}: #include \"{name}\": {key} may include "
                               + " ".join(sorted(d + "/" for d in dirs)))
            elif system is not None:
                if not any(h == name and (only is None or only == base)
                           for only, h in system):
                    bad.append(f"{f}:{n}: #include <{name}>: not a system header "
                               f"{key} may include")
    return bad


def selftest(root, rules):
    planted = {
        "kernel/core/planted.c": '#include <linux/slab.h>\n',
        "kernel/core/planted2.c": '#include <linux/compiler.h>\n',
        "libdtrace/cc/planted.cc": '#include "consume/firing.h"\n',
        "cmd/dtrace/planted.cc": '#include "api/options.h"\n',
    }
    with tempfile.TemporaryDirectory() as tmp:
        for f, text in planted.items():
            os.makedirs(os.path.join(tmp, os.path.dirname(f)), exist_ok=True)
            with open(os.path.join(tmp, f), "w") as out:
                out.write(text)
        bad = check(tmp, rules, list(planted))
    missed = [f for f in planted if not any(b.startswith(f + ":") for b in bad)]
    for f in missed:
        print(f"include_rules selftest: {f} not reported")
    return 1 if missed else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--selftest", action="store_true")
    args = ap.parse_args()
    with open(os.path.join(args.root, "doc/architecture.md")) as f:
        rules = parse_rules(f.read())
    if args.selftest:
        return selftest(args.root, rules)
    bad = check(args.root, rules, tracked_files(args.root))
    for b in bad:
        print(b)
    print(f"include rules: {len(rules)} paths, {len(bad)} violations")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
