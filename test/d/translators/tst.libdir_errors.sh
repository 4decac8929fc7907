# ASSERTION: dtrace -e with no program still loads the D library
# directories and fails on a library that depends on itself (through
# others) or on one no directory holds ("Invalid library dependency");
# sound libraries load without error.
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/ok" "$dir/cycle" "$dir/missing"
echo 'inline int OK_VALUE = 1;' > "$dir/ok/a.d"
printf '#pragma D depends_on library a.d\ninline int OK_TOO = OK_VALUE;\n' > "$dir/ok/b.d"
echo '#pragma D depends_on library y.d' > "$dir/cycle/x.d"
echo '#pragma D depends_on library z.d' > "$dir/cycle/y.d"
echo '#pragma D depends_on library x.d' > "$dir/cycle/z.d"
echo '#pragma D depends_on library absent.d' > "$dir/missing/m.d"
$dtrace -L "$dir/ok" -e
echo "ok: $?"
$dtrace -L "$dir/cycle" -e 2>/dev/null
echo "cycle: $?"
$dtrace -L "$dir/missing" -e 2>&1 | sed "s|$dir|DIR|"
echo "missing: ${PIPESTATUS[0]}"
