#!/usr/bin/env python3
"""Check that the documentation names only things the tree has.

Reads doc/*.md, README.md and man/*.[1-9] and fails when one of them names
  - a repository file or directory that does not exist: a path starting
    with a top-level directory of the tree (kernel/core/dif_emulate.c, in
    prose or code), a path or file name in code (`ctf/btf.cc`,
    `dif_ops.def`, matched as a tail of a tracked path), a D test by its
    directory (options/tst.values.sh), a markdown link
    ([x](records.md#8-faults-and-the-error-probe), anchor included), a
    numbered section of another doc (records.md §8), or an absolute path
    into the machine this was written on (/work/...);
  - a function: `name()` or `Class::member` in code, or `name()` in prose,
    whose identifiers appear in no source file (qualified names: all
    parts in one file; ours, dtrace_*, not only in a comment); a class
    (`KernelDevice`) or one of the project's symbols (dtrace_*, DTRACE*,
    DIF_*, D_* error tags, EDT_*) in code that no code defines or uses;
  - a dtrace option that libdtrace/api/consumer_options.def (with the
    module's options from kernel/uapi/dtrace/options.def) does not know:
    `-x name`, `-xname`, `#pragma D option name`, the first column of a
    markdown table whose header is "option", and name= in the man page's
    paragraph on -x.
Placeholders (<name>, NAME, ...) and build outputs (build/...) are not
references. Known exceptions are in ALLOWED, each with its reason.

Usage: check_docs.py [--root DIR] [DOC...]
       check_docs.py --selftest        plants bad references, expects them
Exit 0 when every reference resolves, 1 otherwise (one line per miss).
Python 3 standard library only.
"""

import argparse
import fnmatch
import os
import re
import subprocess
import sys

# Names a doc may use although the tree lacks them, with the reason.
ALLOWED = {
    "DTRACE_C_ARGREF": "illumos DTrace's compiler flag, cited for comparison",
    "files_lookup_fd_rcu": "a kernel function 6.12 dropped (kernels.md)",
    "ioremap_cache": "a kernel API the module does not use (limits.md)",
    "memremap": "a kernel API the module does not use (limits.md)",
    "include/trace/events/*.h": "the kernel's source tree, not ours",
    "PROV_NAME": "placeholder of the macros dtrace -h writes (usdt.md)",
    "PROV_NAME_ENABLED": "placeholder of the macros dtrace -h writes",
    "MemAvailable": "a field of /proc/meminfo (limits.md)",
}

SOURCE_EXT = {"c", "h", "cc", "def", "l", "y", "S", "py", "sh", "cmake",
              "mk", "md", "d", "r", "txt", "in", "json", "1", "3", "4"}
# Files whose identifiers count as "in the source".
CODE_EXT = {"c", "h", "cc", "def", "l", "y", "S", "py", "sh", "cmake", "mk",
            "d", "in"}
CODE_NAMES = {"Makefile", "Kbuild", "CMakeLists.txt"}
C_LIKE_EXT = {"c", "h", "cc", "def", "l", "y", "S", "d"}
C_COMMENT_RE = re.compile(
    r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|/\*.*?\*/|//[^\n]*',
    re.S)
# ClassNames in code spans (`KernelDevice`)
CAMEL_RE = re.compile(r"^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$")
FOREIGN_ROOTS = ("/work/", "/home/", "/root/")
SYMBOL_RE = re.compile(
    r"^(?:dtrace_[a-z0-9_]+|DTRACE[A-Z0-9_]*|DIF[A-Z0-9]*_[A-Z0-9_*]+"
    r"|D_[A-Z0-9_*]+|EDT_[A-Z0-9_*]+)$")
IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
CALL_RE = re.compile(r"^(~?[A-Za-z_]\w*(?:::~?[A-Za-z_]\w*)*)\s*\(.*\)$")
QUAL_RE = re.compile(r"^[A-Za-z_]\w*(?:::~?[A-Za-z_]\w*)+$")
PROSE_CALL_RE = re.compile(r"(?<![\w.>:-])([a-z_][a-z0-9_]*)\(\)")
OPTION_RE = re.compile(r"(?<![\w-])-x\s*([a-z][a-z0-9_]*)")
PRAGMA_RE = re.compile(r"#pragma D option\s+([a-z][a-z0-9_]*)")
# records.md §8, doc/dif.md §10.1: a numbered section of another doc
SECTION_RE = re.compile(r"([\w/.-]+\.md)\)?\s+§(\d+(?:\.\d+)*)")
# tests of the D suite (options/tst.values.sh, dif/err.D_X.y.d)
TEST_FILE_RE = re.compile(r"^(?:tst|err|drp)\.[\w.*{},+-]+$")
# <sys/sdt.h>, <linux/ioctl.h>: system headers, not ours
SYSTEM_HEADER_RE = re.compile(r"<[\w./+-]+\.h>")


class Tree:
    """The files of the tree and the identifiers of its code."""

    def __init__(self, root):
        self.root = root
        self.files = self._list_files()
        self.fileset = set(self.files)
        self.dirs = set()
        for f in self.files:
            d = os.path.dirname(f)
            while d:
                self.dirs.add(d)
                d = os.path.dirname(d)
        self.top = {p.split("/")[0] for p in self.files if "/" in p}
        # directory names at any depth: a code path may start below the
        # top (`ctf/btf.cc`, `dtrace/dif_ops.def`)
        self.dirnames = {os.path.basename(d) for d in self.dirs}
        self.generated = self._generated()
        self._words = None
        self._file_words = None
        self._options = None

    def _list_files(self):
        try:
            out = subprocess.run(
                ["git", "-C", self.root, "ls-files", "--cached", "--others",
                 "--exclude-standard"],
                check=True, capture_output=True, text=True).stdout
            files = [f for f in out.splitlines()
                     if os.path.exists(os.path.join(self.root, f))]
            if files:
                return sorted(files)
        except (OSError, subprocess.CalledProcessError):
            pass
        files = []
        for d, subdirs, names in os.walk(self.root):
            rel = os.path.relpath(d, self.root)
            subdirs[:] = [s for s in subdirs
                          if not s.startswith(".") and
                          not (rel == "." and s.startswith("build"))]
            for n in names:
                files.append(os.path.normpath(os.path.join(rel, n)))
        return sorted(files)

    def _generated(self):
        """Files the build writes, named literally in .gitignore."""
        try:
            with open(os.path.join(self.root, ".gitignore")) as fh:
                lines = fh.read().split("\n")
        except OSError:
            return set()
        return {ln.strip("/") for ln in lines
                if "/" in ln.strip("/") and not re.search(r"[*?\[!#]", ln)}

    def _index(self):
        self._words = set()
        self._mentions = set()
        self._file_words = []
        for f in self.files:
            base = os.path.basename(f)
            ext = base.rsplit(".", 1)[-1] if "." in base else ""
            if ext not in CODE_EXT and base not in CODE_NAMES or \
                    f.startswith("test/docs/"):
                continue  # test/docs: the self-test's planted names
            try:
                with open(os.path.join(self.root, f), errors="replace") as fh:
                    text = fh.read()
            except OSError:
                continue
            self._mentions |= set(IDENT_RE.findall(text))
            if ext in C_LIKE_EXT:
                # a name only a comment still mentions is gone
                text = C_COMMENT_RE.sub(
                    lambda m: m.group(0) if m.group(0)[0] in "\"'" else " ",
                    text)
            words = set(IDENT_RE.findall(text))
            self._words |= words
            self._file_words.append(words)

    def words(self):
        if self._words is None:
            self._index()
        return self._words

    def has_word(self, w):
        """w is a name in code (not only in a comment)."""
        return w in self.words()

    def mentions(self, w):
        """w is in a source file, comments included: kernel and library
        functions the docs cite are often named only in comments."""
        self.words()
        return w in self._mentions

    def has_words_together(self, ws):
        if self._words is None:
            self._index()
        return any(all(w in fw for w in ws) for fw in self._file_words)

    def matches_glob(self, pat):
        rx = re.compile(fnmatch.translate(pat).replace(".*", "[^/]*"))
        for name in self.files + sorted(self.dirs):
            if rx.match(name) or rx.match(os.path.basename(name)):
                return True
            # a pattern of a path's tail (`dlib/*.d`)
            parts = name.split("/")
            for i in range(1, len(parts)):
                if rx.match("/".join(parts[i:])):
                    return True
        return False

    def has_path(self, p, docdir):
        p = p.rstrip("/")
        if not p:
            return True
        for cand in (p, os.path.normpath(os.path.join(docdir, p))):
            if cand in self.fileset or cand in self.dirs or \
                    cand in self.generated:
                return True
        tail = "/" + p
        return any(f.endswith(tail) for f in self.files) or \
            any(d.endswith(tail) for d in self.dirs) or \
            any(g.endswith(tail) for g in self.generated)

    def options(self):
        if self._options is None:
            path = os.path.join(self.root, "libdtrace/api/consumer_options.def")
            with open(path) as fh:
                text = fh.read()
            # DT_COPT(name, Kind, ...) rows
            self._options = set(re.findall(
                r'^DT_COPT\(([a-z0-9_]+),', text, re.M))
            path = os.path.join(self.root, "kernel/uapi/dtrace/options.def")
            with open(path) as fh:
                text = fh.read()
            self._options |= set(re.findall(
                r'^DTRACEOPT\([A-Z0-9_]+,\s*\d+,\s*"([a-z0-9_]+)"', text,
                re.M))
        return self._options


def split_tokens(text):
    """Words of a line that may be paths; commas inside {a,b} stay."""
    text = re.sub(r"\{[^{}\s]*\}", lambda m: m.group(0).replace(",", "\0"),
                  text)
    return [t.replace("\0", ",") for t in
            re.split(r"[\s,;()\[\]|'\"=<>`]+", text) if t]


def expand_braces(s):
    m = re.search(r"\{([^{}]*)\}", s)
    if not m:
        return [s]
    out = []
    for alt in m.group(1).split(","):
        out += expand_braces(s[:m.start()] + alt + s[m.end():])
    return out


def slug(heading):
    """GitHub's anchor for a markdown heading."""
    h = re.sub(r"`", "", heading.strip().lower())
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


class Doc:
    """One document split into prose and code spans, with line numbers."""

    def __init__(self, path, text):
        self.path = path
        self.is_man = not path.endswith(".md")
        self.code = []      # (line, text) of inline code / bold in man
        self.prose = []     # (line, text) outside code
        self.links = []     # (line, target)
        self.tables = []    # (line, header cells, first cells of rows)
        self.headings = set()
        self.sections = set()   # "10.1" of "### 10.1 What the ..."
        self.raw = []           # (line, text) of every line outside fences
        self.man_options = []   # (line, name) of "name=" in man's -x text
        if self.is_man:
            self._split_man(text)
        else:
            self._split_md(text)

    def _split_md(self, text):
        fence = False
        table = None
        for n, line in enumerate(text.split("\n"), 1):
            if re.match(r"^\s*(```|~~~)", line):
                fence = not fence
                continue
            if fence:
                continue
            self.raw.append((n, line))
            m = re.match(r"^#+\s+(.*)", line)
            if m:
                self.headings.add(slug(m.group(1)))
                num = re.match(r"(\d+(?:\.\d+)*)\.?\s", m.group(1))
                if num:
                    self.sections.add(num.group(1))
            if line.startswith("|"):
                cells = [c.strip() for c in
                         re.split(r"(?<!\\)\|", line.strip())[1:-1]]
                if table is None:
                    table = (n, cells, [])
                    self.tables.append(table)
                elif cells and not re.match(r"^:?-+:?$", cells[0]):
                    table[2].append((n, cells[0]))
            else:
                table = None
            for m in re.finditer(r"\[[^\]]*\]\(([^)\s]+)\)", line):
                self.links.append((n, m.group(1)))
            rest = []
            pos = 0
            for m in re.finditer(r"(`+)(.+?)\1", line):
                rest.append(line[pos:m.start()])
                self.code.append((n, m.group(2).strip()))
                pos = m.end()
            rest.append(line[pos:])
            self.prose.append((n, " ".join(rest)))

    def _split_man(self, text):
        in_x = False    # in the paragraph of -x: name=value spans are options
        for n, line in enumerate(text.split("\n"), 1):
            if line.startswith('.\\"'):
                continue
            if line.startswith((".TP", ".SH", ".PP")):
                in_x = False
            elif line.startswith(".BI \\-x"):
                in_x = True
            elif in_x:
                for m in re.finditer(r"\\fB([a-z][a-z0-9_]*)=", line):
                    self.man_options.append((n, m.group(1)))
            # italic spans are placeholders: drop them
            line = re.sub(r"\\fI.*?\\f[RP]", "X", line)
            self.raw.append((n, man_plain(line)))
            for m in re.finditer(r"\\fB(.*?)\\f[RP]", line):
                self.code.append((n, man_plain(m.group(1))))
            prose = re.sub(r"\\fB(.*?)\\f[RP]", " ", line)
            self.prose.append((n, man_plain(prose)))


def man_plain(s):
    s = re.sub(r"\\f[BIRP]", "", s)
    s = s.replace("\\-", "-").replace("\\(em", "-").replace("\\&", "")
    s = s.replace("\\e", "\\")
    return re.sub(r"^\.[A-Z]+\s*", "", s)


class Checker:
    def __init__(self, tree):
        self.tree = tree
        self.errors = []
        self.counts = {"path": 0, "link": 0, "section": 0, "function": 0,
                       "type": 0, "symbol": 0, "option": 0}
        self._docs = {}

    def other(self, rel):
        """The parsed doc at tree path rel."""
        if rel not in self._docs:
            with open(os.path.join(self.tree.root, rel)) as fh:
                self._docs[rel] = Doc(rel, fh.read())
        return self._docs[rel]

    def error(self, doc, line, kind, what, why):
        self.errors.append(f"{doc.path}:{line}: {kind} {what}: {why}")

    # -- paths -------------------------------------------------------------
    def _is_pathlike(self, tok, in_code):
        if not re.match(r"^[\w.~/*{},+-]+$", tok) or "//" in tok:
            return False
        if tok.startswith(("/", "~")):
            return False
        first = tok.split("/")[0]
        if "/" in tok and first in self.tree.top:
            return True
        if "/" in tok and TEST_FILE_RE.match(tok.split("/")[-1]):
            return True     # a D test named by its directory under test/d
        if not in_code:
            return False
        if "/" in tok:
            # relative to a directory of ours (`ctf/btf.cc`); others
            # (`events/syscalls/...`, `asm/...`) are not our files
            return first in self.tree.dirnames
        stem, _, ext = tok.rpartition(".")
        # a file name of ours (`dif_ops.def`); `x.d`, `a.out` and test
        # scripts named as examples are not
        return len(stem) > 1 and ext in SOURCE_EXT - {
            "d", "r", "txt", "json", "in", "1", "3", "4"} and \
            re.match(r"^[\w*{},.+-]+$", tok) is not None

    def check_path(self, doc, line, tok, in_code):
        tok = tok.rstrip(".,;:)")
        tok = re.sub(r":\d+(-\d+)?$", "", tok)
        if tok.startswith(FOREIGN_ROOTS):
            self.counts["path"] += 1
            self.error(doc, line, "path", tok, "outside the repository")
            return
        if tok.startswith("build/") or tok == "build" or \
                not self._is_pathlike(tok, in_code):
            return
        if tok in ALLOWED:
            return
        self.counts["path"] += 1
        docdir = os.path.dirname(doc.path)
        for p in expand_braces(tok):
            if any(c in p for c in "*?["):
                ok = self.tree.matches_glob(p)
            else:
                ok = self.tree.has_path(p, docdir)
            if not ok:
                self.error(doc, line, "path", p, "no such file in the tree")

    def check_link(self, doc, line, target):
        if re.match(r"^[a-z]+:", target):
            return
        self.counts["link"] += 1
        path, _, anchor = target.partition("#")
        docdir = os.path.dirname(doc.path)
        rel = os.path.normpath(os.path.join(docdir, path)) if path \
            else doc.path
        if rel not in self.tree.fileset and rel not in self.tree.dirs:
            self.error(doc, line, "link", target, "no such file in the tree")
            return
        if anchor and rel.endswith(".md") and \
                anchor not in self.other(rel).headings:
            self.error(doc, line, "link", target,
                       f"{rel} has no heading #{anchor}")

    def check_section(self, doc, line, name, num):
        docdir = os.path.dirname(doc.path)
        rel = None
        for cand in (os.path.normpath(os.path.join(docdir, name)),
                     os.path.normpath(name)):
            if cand in self.tree.fileset:
                rel = cand
                break
        if rel is None:
            return      # the missing file is reported as a path or link
        self.counts["section"] += 1
        if num not in self.other(rel).sections:
            self.error(doc, line, "section", f"{name} §{num}",
                       f"{rel} has no section {num}")

    # -- functions and symbols ---------------------------------------------
    def check_code_names(self, doc, line, span):
        m = CALL_RE.match(span)
        name = m.group(1) if m else None
        if name is None and QUAL_RE.match(span):
            name = span
        if name is not None and \
                not name.startswith(("std::", "::", "__builtin")):
            parts = [p.lstrip("~") for p in name.split("::")]
            if name in ALLOWED:
                return
            self.counts["function"] += 1
            if len(parts) == 1 and not self.ours(name) and \
                    self.tree.mentions(name):
                return
            if not self.tree.has_words_together(parts):
                self.error(doc, line, "function", name,
                           "not found in the sources")
            return
        for tok in re.findall(r"[A-Za-z_*][A-Za-z0-9_*]*", span):
            if tok in ALLOWED:
                continue
            if CAMEL_RE.match(tok):
                self.counts["type"] += 1
                if not self.tree.has_word(tok):
                    self.error(doc, line, "type", tok,
                               "not found in the sources")
                continue
            if not SYMBOL_RE.match(tok):
                continue
            if tok.endswith("_") or tok.count("*") > 1:
                continue
            self.counts["symbol"] += 1
            if "*" in tok:
                rx = re.compile("^" + tok.replace("*", r"\w*") + "$")
                if any(rx.match(w) for w in self.tree.words()):
                    continue
            elif self.tree.has_word(tok):
                continue
            self.error(doc, line, "symbol", tok, "not found in the sources")

    @staticmethod
    def ours(name):
        return name.startswith("dtrace_")

    def check_prose_calls(self, doc, line, text):
        for m in PROSE_CALL_RE.finditer(text):
            name = m.group(1)
            if name in ALLOWED:
                continue
            self.counts["function"] += 1
            if not self.ours(name) and self.tree.mentions(name) or \
                    self.tree.has_word(name):
                continue
            self.error(doc, line, "function", name + "()",
                       "not found in the sources")

    # -- options -----------------------------------------------------------
    def check_option(self, doc, line, name):
        if name in ALLOWED:
            return
        self.counts["option"] += 1
        if name not in self.tree.options():
            self.error(doc, line, "option", name,
                       "not an option of libdtrace/api/consumer_options.def")

    def check_options_in(self, doc, line, text):
        for m in OPTION_RE.finditer(text):
            self.check_option(doc, line, m.group(1))

    def check_option_tables(self, doc):
        for _, header, rows in doc.tables:
            if not header or header[0].lower() not in ("option", "options"):
                continue
            for line, cell in rows:
                for name in re.findall(r"`([a-z][a-z0-9_]*)", cell):
                    self.check_option(doc, line, name)

    # -- one document --------------------------------------------------------
    def check(self, doc):
        for line, span in doc.code:
            span = SYSTEM_HEADER_RE.sub(" ", span)
            for tok in split_tokens(span):
                self.check_path(doc, line, tok, True)
            self.check_code_names(doc, line, span)
            self.check_options_in(doc, line, span)
            for m in PRAGMA_RE.finditer(span):
                self.check_option(doc, line, m.group(1))
        for line, text in doc.prose:
            for tok in split_tokens(SYSTEM_HEADER_RE.sub(" ", text)):
                self.check_path(doc, line, tok, False)
            self.check_prose_calls(doc, line, text)
            self.check_options_in(doc, line, text)
        for line, target in doc.links:
            self.check_link(doc, line, target)
        for line, text in doc.raw:
            for m in SECTION_RE.finditer(text):
                self.check_section(doc, line, m.group(1), m.group(2))
        self.check_option_tables(doc)
        for line, name in doc.man_options:
            self.check_option(doc, line, name)


def default_docs(tree):
    docs = [f for f in tree.files
            if (f.startswith("doc/") and f.endswith(".md") and
                f.count("/") == 1) or f == "README.md" or
            re.match(r"^man/[^/]+\.[1-9]$", f)]
    return sorted(docs)


def run(root, docs):
    checker = Checker(Tree(root))
    for rel in docs or default_docs(checker.tree):
        with open(os.path.join(root, rel), errors="replace") as fh:
            checker.check(Doc(rel, fh.read()))
    return checker


SELFTEST_BAD = """# Planted
See `kernel/core/no_such_file.c` and kernel/core/gone.h in prose, the
link [x](dif.md#no-such-heading), [y](nothere.md), `ctf/nope.cc`, the
pointer /work/shared/ARCHITECTURE.md, `no_such_function_xyz()`,
`Nope::member_xyz`, `DTRACEIOC_NOSUCH`, `-x nosuchoption`, and
`#pragma D option alsonotanoption`, and frobnicate_xyz() in prose;
see dif.md §42 and [records.md §8](records.md#8-faults-and-the-error-probe),
options/tst.no_such_test.sh.

| option | effect |
|---|---|
| `tablenotanoption` | planted |
"""
SELFTEST_EXPECT = ["no_such_file.c", "gone.h", "#no-such-heading",
                   "nothere.md", "nope.cc", "/work/shared/ARCHITECTURE.md",
                   "no_such_function_xyz", "Nope::member_xyz",
                   "DTRACEIOC_NOSUCH", "nosuchoption",
                   "alsonotanoption", "frobnicate_xyz", "tablenotanoption",
                   "dif.md §42", "tst.no_such_test.sh"]
SELFTEST_GOOD = """# Fine
`kernel/core/dif_emulate.c`, kernel/uapi/dtrace/ in prose, `ctf/btf.{h,cc}`,
`dif_ops.def`, [dif](dif.md#1-machine-model), `dtrace_dif_emulate()`,
`DIF_OP_ADD`, `D_*_AGGBAD`, `-x bufsize=4m`, `-xquiet`, `build/dtrace`,
`/sys/kernel/btf/vmlinux`, `test/d/aggs/tst.*.d`, count() in prose,
options/tst.values.sh in prose.
"""
SELFTEST_MAN = r"""\fB\-x nosuchmanopt\fR reads \fBlibdtrace/nope_man.cc\fR;
\fB\-x\fR \fIopt\fR[=\fIval\fR] and \fB\-x quiet\fR are fine.
.TP
.BI \-x " option\fR[=\fIvalue\fR]"
Set an option: \fBbufsize=8m\fR, \fBnosuchxopt=1\fR.
.TP
\fBnotanoptionhere=1\fR is outside -x.
"""


def selftest(root):
    """The planted references are all reported, the good ones none."""
    ok = True
    for name, text, expect in (("bad.md", SELFTEST_BAD, SELFTEST_EXPECT),
                               ("good.md", SELFTEST_GOOD, []),
                               ("bad.1", SELFTEST_MAN,
                                ["nosuchmanopt", "nope_man.cc",
                                 "nosuchxopt"])):
        checker = Checker(Tree(root))
        # as if beside doc/*.md, so its links resolve there
        checker.check(Doc("doc/" + name, text))
        got = "\n".join(checker.errors)
        missed = [e for e in expect if e not in got]
        for e in missed:
            print(f"selftest: {name}: {e} was not reported")
        if len(checker.errors) != len(expect) or missed:
            print(f"selftest: {name}: {len(checker.errors)} reports for "
                  f"{len(expect)} planted:\n{got}")
            ok = False
    print("selftest: " + ("ok" if ok else "FAILED"))
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("docs", nargs="*")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    if a.selftest:
        return selftest(root)
    checker = run(root, a.docs)
    for e in checker.errors:
        print(e)
    total = sum(checker.counts.values())
    summary = ", ".join(f"{v} {k}s" for k, v in checker.counts.items())
    print(f"check_docs: {total} references ({summary}), "
          f"{len(checker.errors)} not found")
    return 1 if checker.errors else 0


if __name__ == "__main__":
    sys.exit(main())
