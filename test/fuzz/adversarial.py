#!/usr/bin/env python3
"""Hostile but legal D programs, run against the loaded module (guest).

Each case is a D program with options, made to sit at or past a limit:
huge clauses, huge aggregation keys, worst-case string work on big
strsize, deep ternaries, many aggregations, many speculations, every
run-time option at 0, 1, 2^31, 2^32, 2^63 and 2^64-1. Each must end with
a correct run (exit 0, and the output the case expects), or a clear error
(exit 1 and a "dtrace: " message), within its time, and a fresh dtrace
must work afterwards. Anything else (a crash of dtrace, a timeout, a dead
module, a panic of the guest) is a failure.

    adversarial.py [--dtrace PATH] [--seed N] [--cases N] [--only NAME]
                   [--list] [--timeout SECS] [--keep DIR] [-v]

--cases N runs N cases drawn with the seed (all of them when absent);
the same seed and N always draw the same cases. Exit status: 0 when every
case passed, 1 otherwise, 2 on a usage error.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

BIG = 65536          # the largest strsize
OPTION_VALUES = [("0", 0), ("1", 1), ("2^31", 1 << 31), ("2^32", 1 << 32),
                 ("2^63", 1 << 63), ("max", (1 << 64) - 1)]
# Run-time options (kernel/uapi/dtrace/options.def) and the consumer's.
OPTIONS = ["bufsize", "bufpolicy", "bufresize", "aggsize", "dynvarsize",
           "specsize", "nspec", "strsize", "cleanrate", "cpu",
           "stackframes", "ustackframes", "jstackframes", "jstackstrsize",
           "scratchsize", "statusrate", "switchrate", "aggrate"]

# Cases that hit a bug being fixed elsewhere: name -> why. Each stays
# out of the run (reported as "skip") until its fix is on main.
KNOWN = {
}


class Case:
    def __init__(self, name, prog, opts=(), expect=None, timeout=None):
        self.name = name
        self.prog = prog
        self.opts = list(opts)
        self.expect = expect      # f(stdout) -> None or what is wrong
        self.timeout = timeout


def lines_equal(n):
    def check(out):
        got = len([l for l in out.splitlines() if l.strip()])
        return None if got == n else "%d output lines, expected %d" % (got, n)
    return check


def contains(s):
    return lambda out: None if s in out else "output lacks %r" % s


def huge_clause(n, strsize=None, what="trace"):
    opts = ["-x", "strsize=%d" % strsize] if strsize else []
    if what == "trace":
        body = "".join("trace(%d);" % i for i in range(n))
        expect = None
    elif what == "execname":
        body = "trace(execname);" * n
        expect = None
    else:
        body = "".join('printf("%%d\\n", %d);' % i for i in range(n))
        expect = lines_equal(n)
    return Case("huge_clause_%s_%d%s" % (what, n,
                                        "_str%d" % strsize if strsize else ""),
                "BEGIN { %s } BEGIN { exit(0); }" % body, ["-q"] + opts, expect)


def huge_keys(nkeys, strsize):
    keys = ", ".join('"k%d"' % i for i in range(nkeys))
    return Case("huge_keys_%d_str%d" % (nkeys, strsize),
                "BEGIN { @[%s] = count(); } BEGIN { exit(0); }" % keys,
                ["-q", "-x", "strsize=%d" % strsize])


def many_keys_entries(n, strsize):
    # n distinct string keys in one aggregation (one firing each).
    body = " ".join('@[lltostr(%d)] = count();' % i for i in range(n))
    return Case("many_key_entries_%d_str%d" % (n, strsize),
                "BEGIN { %s } BEGIN { exit(0); }" % body,
                ["-q", "-x", "strsize=%d" % strsize])


def string_work(kind, n, strsize=BIG):
    if kind == "strjoin":
        body = 's = "x"; ' + "s = strjoin(s, s); " * n + "trace(strlen(s));"
    elif kind == "strstr":
        body = ('s = "ab"; ' + "s = strjoin(s, s); " * 15 +
                "t = strstr(s, \"ba\"); " * n + "trace(strlen(t));")
    elif kind == "substr":
        body = ('s = "abcdefgh"; ' + "s = strjoin(s, s); " * 12 +
                "s = substr(s, 1); " * n + "trace(strlen(s));")
    else:  # compare: string compares of full-size strings
        body = ('s = "ab"; ' + "s = strjoin(s, s); " * 15 +
                "x = 0; " + "x += s == strjoin(s, \"\") ? 1 : 0; " * n +
                "trace(x);")
    return Case("strings_%s_%d_str%d" % (kind, n, strsize),
                "BEGIN { %s } BEGIN { exit(0); }" % body,
                ["-q", "-x", "strsize=%d" % strsize])


def deep_ternary(depth):
    expr = "0"
    for i in range(depth):
        expr = "(timestamp > %d ? %s : %d)" % (i, expr, i)
    return Case("deep_ternary_%d" % depth,
                "BEGIN { trace(%s); } BEGIN { exit(0); }" % expr, ["-q"])


def deep_parens(depth):
    expr = "(" * depth + "1" + ")" * depth
    return Case("deep_parens_%d" % depth,
                "BEGIN { trace(%s); } BEGIN { exit(0); }" % expr, ["-q"],
                contains("1"))


def many_aggs(n):
    body = " ".join("@a%d = count();" % i for i in range(n))
    return Case("many_aggs_%d" % n, "BEGIN { %s } BEGIN { exit(0); }" % body, ["-q"],
                lines_equal(n))


def many_specs(nspec, n):
    body = " ".join("spec%d = speculation();" % i for i in range(n))
    return Case("many_specs_%d_of_%s" % (n, nspec),
                "BEGIN { %s trace(spec0); } BEGIN { exit(0); }" % body,
                ["-q", "-x", "nspec=%s" % nspec])


def many_clauses(n):
    prog = " ".join("BEGIN { x%d = %d; }" % (i, i) for i in range(n))
    return Case("many_clauses_%d" % n, prog + " BEGIN { exit(0); }", ["-q"])


def option_case(opt, label, value):
    return Case("option_%s_%s" % (opt, label.replace("^", "")),
                'BEGIN { @ = count(); trace("x"); } BEGIN { exit(0); }',
                ["-q", "-x", "%s=%s" % (opt, value)])


def all_cases():
    cases = []
    for n in (1000, 5000, 20000):
        cases.append(huge_clause(n))
    cases.append(huge_clause(1000, what="printf"))
    for n, s in ((100, BIG), (1000, 4096), (65537, BIG)):
        cases.append(huge_clause(n, s, "execname"))
    for k, s in ((8, BIG), (32, BIG), (64, 4096), (200, 256)):
        cases.append(huge_keys(k, s))
    cases.append(many_keys_entries(2000, 1024))
    for kind in ("strjoin", "strstr", "substr", "compare"):
        for n in (16, 200):
            cases.append(string_work(kind, n))
    for d in (50, 500, 5000):
        cases.append(deep_ternary(d))
    cases.append(deep_parens(10000))
    for n in (100, 2000):
        cases.append(many_aggs(n))
    for nspec, n in (("1000", 1000), ("2^31", 10), ("0", 1)):
        cases.append(many_specs(dict(OPTION_VALUES).get(nspec, nspec), n))
    cases.append(many_clauses(2000))
    for opt in OPTIONS:
        for label, value in OPTION_VALUES:
            cases.append(option_case(opt, label, value))
    for opt in ("bufsize", "aggsize", "dynvarsize", "specsize"):
        cases.append(option_case(opt, "64g", "64g"))
    return cases


def run(cmd, timeout, env=None):
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, env=env)
        return p.returncode, p.stdout.decode(errors="replace"), \
            p.stderr.decode(errors="replace"), time.monotonic() - t0
    except subprocess.TimeoutExpired as e:
        return None, (e.stdout or b"").decode(errors="replace"), \
            (e.stderr or b"").decode(errors="replace"), time.monotonic() - t0


def alive(dtrace):
    rc, out, err, _ = run([dtrace, "-q", "-n", 'BEGIN { printf("alive\\n"); exit(0); }'], 60)
    return rc == 0 and out.strip() == "alive", err.strip()[-300:]


def main():
    ap = argparse.ArgumentParser()
    top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--dtrace", default=os.path.join(top, "build", "dtrace"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int)
    ap.add_argument("--only")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--keep")
    ap.add_argument("--max-time", type=float,
                    help="start no case after this many seconds")
    ap.add_argument("-e", dest="compile_only", action="store_true",
                    help="compile only (dtrace -e): no device needed")
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()

    cases = all_cases()
    if a.only:
        cases = [c for c in cases if c.name == a.only]
    elif a.cases is not None:
        # Round-robin over the kinds (huge, many, strings, deep, option),
        # each shuffled with the seed: a small draw still has every kind.
        rnd = random.Random(a.seed)
        kinds = {}
        for c in cases:
            kinds.setdefault(c.name.split("_")[0], []).append(c)
        for k in sorted(kinds):
            rnd.shuffle(kinds[k])
        drawn = []
        while len(drawn) < min(a.cases, len(cases)):
            for k in sorted(kinds):
                if kinds[k] and len(drawn) < a.cases:
                    drawn.append(kinds[k].pop())
        cases = sorted(drawn, key=lambda c: c.name)
    if a.list:
        for c in cases:
            print(c.name, " ".join(c.opts), len(c.prog))
        return 0
    if not cases:
        print("adversarial: no such case", file=sys.stderr)
        return 2
    failed = passed = errors = skipped = 0
    t_start = time.monotonic()
    tmp = a.keep or tempfile.mkdtemp(prefix="adversarial.")
    dropped = 0
    for i, c in enumerate(cases):
        if a.max_time and time.monotonic() - t_start > a.max_time:
            # Fewer cases than asked for is a failure, not a pass.
            dropped = len(cases) - i
            print("adversarial: --max-time %.0f s reached: %d of %d cases not run"
                  % (a.max_time, dropped, len(cases)))
            break
        if c.name in KNOWN:
            print("skip %s: %s" % (c.name, KNOWN[c.name]))
            skipped += 1
            continue
        path = os.path.join(tmp, c.name + ".d")
        with open(path, "w") as f:
            f.write(c.prog + "\n")
        if a.v:
            print("run %s %s" % (c.name, " ".join(c.opts)), flush=True)
        extra = ["-e"] if a.compile_only else []
        rc, out, err, dt = run([a.dtrace] + extra + c.opts + ["-s", path],
                               c.timeout or a.timeout)
        why = None
        if rc is None:
            why = "timed out after %.0f s" % dt
        elif rc == 0:
            why = c.expect(out) if c.expect and not extra else None
        elif rc == 1:
            if not any(l.startswith("dtrace: ") for l in err.splitlines()):
                why = "exit 1 without a dtrace: message"
        else:
            why = "exit %d" % rc
        ok, aerr = (True, "") if extra else alive(a.dtrace)
        if ok and why is None:
            verdict = "ok" if rc == 0 else "error"
            passed += rc == 0
            errors += rc == 1
            first = err.strip().splitlines()[:1]
            print("%-5s %s (%.1f s)%s" % (verdict, c.name, dt,
                  ": " + first[0][:160] if rc and first else ""), flush=True)
            continue
        failed += 1
        print("FAIL  %s (%.1f s): %s%s" % (c.name, dt, why or "",
              "" if ok else "; a fresh dtrace fails afterwards: " + aerr),
              flush=True)
        if err.strip():
            print("      stderr: " + err.strip()[-400:].replace("\n", "\n      "))
    if not a.keep:
        for f in os.listdir(tmp):
            os.unlink(os.path.join(tmp, f))
        os.rmdir(tmp)
    print("adversarial: %d cases in %.0f s: %d ran, %d refused with an error, "
          "%d skipped, %d not run (--max-time), %d failed"
          % (len(cases), time.monotonic() - t_start, passed, errors, skipped,
             dropped, failed))
    return 1 if failed or dropped else 0


if __name__ == "__main__":
    sys.exit(main())
