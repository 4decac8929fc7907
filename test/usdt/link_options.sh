#!/bin/sh
# dtrace -G's link options natively (ctest usdt_link_options):
#   strip      the object has no .comment (the compiler's identification)
#   lazyload   no constructor/destructor: nothing registers at load
#   ldpath     the ld that makes the object ("ld -r" through a wrapper)
#   linktype   dof is refused (the object carries no DOF)
# and a provider name the module refuses (ends in a digit) fails the link.
# Usage: link_options.sh DTRACE PROVIDER.d
dtrace=$1 defs=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
has() { readelf -SW "$1" | grep -q "$2"; }

"$dtrace" -G -s "$defs" -o "$tmp/plain.o" || fail "plain -G"
has "$tmp/plain.o" '\.init_array' || fail "plain: no constructor"
has "$tmp/plain.o" '\.fini_array' || fail "plain: no destructor"
has "$tmp/plain.o" '\.comment' || fail "plain: no .comment"

"$dtrace" -G -x strip -s "$defs" -o "$tmp/strip.o" || fail "-x strip"
has "$tmp/strip.o" '\.comment' && fail "strip: .comment kept"
has "$tmp/strip.o" '\.init_array' || fail "strip: constructor lost"

"$dtrace" -G -x lazyload -s "$defs" -o "$tmp/lazy.o" || fail "-x lazyload"
has "$tmp/lazy.o" '\.init_array' && fail "lazyload: constructor kept"
has "$tmp/lazy.o" '\.fini_array' && fail "lazyload: destructor kept"
has "$tmp/lazy.o" '\.text' || fail "lazyload: no code"
has "$tmp/lazy.o" 'dtrace_usdt_lazy' || fail "lazyload: no marker section"
has "$tmp/plain.o" 'dtrace_usdt_lazy' && fail "plain: lazyload marker"

printf '#!/bin/sh\necho "$@" > "%s/ld.args"\nexec ld "$@"\n' "$tmp" > "$tmp/my-ld"
chmod +x "$tmp/my-ld"
"$dtrace" -G -x ldpath="$tmp/my-ld" -s "$defs" -o "$tmp/ld.o" || fail "-x ldpath"
grep -q -- "^-r -o $tmp/ld.o " "$tmp/ld.args" || fail "ldpath: wrapper not run as ld -r: $(cat "$tmp/ld.args")"
"$dtrace" -G -x ldpath=/no/such/ld -s "$defs" -o "$tmp/x.o" 2> "$tmp/err" && fail "missing ld accepted"
grep -q "failed to link script .*: failed to run /no/such/ld" "$tmp/err" || fail "missing ld: $(cat "$tmp/err")"
"$dtrace" -G -x ldpath=false -s "$defs" -o "$tmp/x.o" 2> "$tmp/err" && fail "failing ld accepted"
grep -q "false -r failed (exit status 1)" "$tmp/err" || fail "failing ld: $(cat "$tmp/err")"

"$dtrace" -G -x linktype=dof -s "$defs" -o "$tmp/x.o" 2> "$tmp/err" && fail "linktype=dof accepted"
grep -q "linktype=dof is not supported" "$tmp/err" || fail "linktype=dof: $(cat "$tmp/err")"
"$dtrace" -G -x linktype=elf -s "$defs" -o "$tmp/elf.o" || fail "-x linktype=elf"
# A provider name the module would refuse at run time fails the link.
printf 'provider app7 { probe go(); };\n' > "$tmp/app7.d"
printf '#include "dtrace_sdt.h"\nint main(void) { DTRACE_PROBE(app7, go); return 0; }\n' \
	> "$tmp/app7.c"
cc -c -I"$(dirname "$0")/../../usdt" -o "$tmp/app7.o" "$tmp/app7.c" || fail "cc app7.c"
"$dtrace" -G -s "$tmp/app7.d" -o "$tmp/x.o" "$tmp/app7.o" 2> "$tmp/err" && fail "provider app7 accepted"
grep -q "app7.o: probe app7:::go: provider app7 ends in a digit" "$tmp/err" ||
	fail "provider app7: $(cat "$tmp/err")"
echo "link options: ok"
