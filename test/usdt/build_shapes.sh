#!/bin/bash
# dtrace -h and -G called exactly as real projects' build files call them,
# natively (ctest usdt_build_shapes; doc/usdt.md, "Build systems"):
#   PostgreSQL (autoconf and meson): -C -h with #include and #pragma D
#     attributes, -C -G over the objects, a rebuild running -G again over
#     old and new objects and over its own earlier output;
#   CPython (autoconf): configure's "BEGIN{}" -G probe, -o X -h -s, the
#     header renamed by sed, the -G object put in a static archive that
#     the program links;
#   qemu/glib/libvirt (meson): -DSTAP_SDT_V2 -o X -h -s F.dtrace and
#     -o X -G -s F.dtrace without objects, one per provider file, all
#     linked into one program;
#   CMake modules: -x nolibs / -xnolibs, -64 -C -G without objects;
#   several -s scripts in one -h or -G; -32 -G refused;
#   the header under -Wall -Werror with a struct defined after it, and
#   with DTRACE_PROBES_DISABLED (no sites, no semaphore, no -G needed).
# A program's drti attempts to register its object once: counted from
# DTRACE_DRTI_DEBUG's "open /dev/dtrace" line where there is no device.
# Usage: build_shapes.sh DTRACE CC SRCDIR
dtrace=$1 cc=$2 src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failed=0
fail() { echo "FAIL: $*"; failed=1; }
run() { "$@" > out.txt 2>&1 || { fail "$* ($(head -c 600 out.txt))"; return 1; }; }
CFLAGS="-O2 -Wall -Werror -I."

# attempts PROGRAM: how many times its drti tried to open the device.
attempts() { DTRACE_DRTI_DEBUG=1 "$@" 2>&1 > /dev/null | grep -c 'open /dev/dtrace'; }
check_attempts() {
	local want=$1 what=$2 n
	shift 2
	if [ -e /dev/dtrace ]; then
		echo "skip: $what: /dev/dtrace exists, registrations are not counted here"
		return
	fi
	n=$(attempts "$@")
	[ "$n" = "$want" ] || fail "$what: drti tried to register $n times, not $want"
}

cp "$src/shapes.d" "$src/shapes_types.h" "$src/shapes_lib.c" "$src/shapes_main.c" \
	"$src/qtrace.dtrace" "$src/qtrace_lib.c" .

# PostgreSQL, autoconf: src/backend/utils/Makefile and src/backend/Makefile.
DTRACEFLAGS=-64
# postprocess_dtrace.sed renames the macros and makes char * const.
pgsed='s/SHAPES_/TRACE_SHAPES_/g; s/( *char \*/(const char */g; s/, *char \*/, const char */g'
run "$dtrace" -C -h -s shapes.d -o shapes.h.tmp && sed "$pgsed" shapes.h.tmp > shapes.h
sed 's/SHAPES_/TRACE_SHAPES_/g' "$src/shapes_lib.c" > shapes_lib.c
run "$cc" $CFLAGS -c shapes_lib.c -o shapes_lib.o
run "$cc" $CFLAGS -c shapes_main.c -o shapes_main.o
run "$dtrace" $DTRACEFLAGS -C -G -s shapes.d shapes_lib.o shapes_main.o -o probes.o
run "$cc" -o pg shapes_main.o shapes_lib.o probes.o && check_attempts 1 "autoconf program" ./pg 1
# A rebuild: one object rebuilt, -G again over the new and the old ones,
# then again with its own output among them (Makefile $^): same object.
cp probes.o probes.first.o
sleep 1
touch shapes_lib.c && run "$cc" $CFLAGS -c shapes_lib.c -o shapes_lib.o
run "$dtrace" $DTRACEFLAGS -C -G -s shapes.d shapes_lib.o shapes_main.o -o probes.o
cmp -s probes.o probes.first.o || fail "rebuild: -G wrote another object"
run "$dtrace" $DTRACEFLAGS -C -G -s shapes.d shapes_lib.o shapes_main.o probes.o -o probes.o
cmp -s probes.o probes.first.o || fail "rebuild over its own output: another object"
run "$cc" -o pg shapes_main.o shapes_lib.o probes.o && check_attempts 1 "rebuilt program" ./pg 1
# PostgreSQL, meson: [dtrace, '-C', '-G', '-o', '@OUTPUT@', '-s', '@INPUT@']
# with @INPUT@ the script and then every object.
run "$dtrace" -C -G -o probes_meson.o -s shapes.d shapes_lib.o shapes_main.o
cmp -s probes_meson.o probes.first.o || fail "meson -G: another object"

# CPython, autoconf: configure's check that -G works ...
echo 'BEGIN{}' > conftest.d
"$dtrace" -G -s conftest.d -o conftest.o > /dev/null 2>&1 || fail "CPython's configure -G check failed"
[ -s conftest.o ] || fail "CPython's configure -G check wrote no object"
# ... then Makefile.pre.in: the header renamed by sed, the -G object put
# in libpython.a, which the program links.
run "$dtrace" -o pyprobes.h -h -s shapes.d -C && sed 's/SHAPES_/PyShapes_/' pyprobes.h > py.h
cat > py.c << 'EOF'
#include "py.h"
void py_step(int i)
{
	if (PyShapes_TXN_START_ENABLED())
		PyShapes_TXN_START(i, "py");
}
EOF
run "$cc" $CFLAGS -c py.c -o py.o
run "$dtrace" -o pydtrace.o -G -C -s shapes.d py.o
rm -f libpython.a && run ar rcs libpython.a py.o pydtrace.o
printf 'void py_step(int);\nint main(void) { py_step(1); return 0; }\n' > python.c
run "$cc" -o python python.c libpython.a && check_attempts 1 "program linking the archive" ./python
nm python | grep -q ' __dtrace_drti_once$' || fail "the archive's -G object was not linked in"

# qemu (meson, trace/meson.build): one .dtrace file per subsystem, each
# its own header and -G object made without objects, all in one program.
for g in block net; do
	sed "s/q__trace/q__$g/" qtrace.dtrace > trace-dtrace-$g.dtrace
	run "$dtrace" -DSTAP_SDT_V2 -o trace-dtrace-$g.h -h -s trace-dtrace-$g.dtrace
	run "$dtrace" -DSTAP_SDT_V2 -o trace-dtrace-$g.o -G -s trace-dtrace-$g.dtrace
	sed "s/qtrace\.h/trace-dtrace-$g.h/; s/Q__TRACE/Q__$(echo $g | tr a-z A-Z)/g; s/qtrace_ping/${g}_ping/" \
		qtrace_lib.c > $g.c
	run "$cc" $CFLAGS -c $g.c -o $g.o
done
printf 'void block_ping(int);\nvoid net_ping(int);\nint main(void) { block_ping(1); net_ping(2); return 0; }\n' \
	> qemu.c
run "$cc" -o qemu qemu.c block.o net.o trace-dtrace-block.o trace-dtrace-net.o &&
	check_attempts 1 "program with two -G objects" ./qemu
# The same objects in a shared library (glib, libvirt: one per library).
for g in block net; do run "$cc" $CFLAGS -fPIC -c $g.c -o $g.pic.o; done
run "$cc" -shared -o libqemu.so block.pic.o net.pic.o trace-dtrace-block.o trace-dtrace-net.o
run "$cc" -o qemu_shared qemu.c -L. -lqemu -Wl,-rpath,"$tmp" &&
	check_attempts 1 "shared library with two -G objects" ./qemu_shared

# CMake modules (libmemcached's EnableDtrace.cmake, pystap's Makefile).
run "$dtrace" -x nolibs -h -s qtrace.dtrace -o nolibs.h
run "$dtrace" -xnolibs -G -s qtrace.dtrace -o nolibs.o
run "$dtrace" -64 -C -G -s qtrace.dtrace -o sixtyfour.o
readelf -h nolibs.o | grep -q 'REL (Relocatable' || fail "-x nolibs -G: not a relocatable object"

# Several -s scripts, as DTrace reads them all: one header with every
# provider, one -G object checked against all of them (named after the
# first script); a provider two scripts define, and -32 with -G (the
# object is 64-bit), are refused.
cp "$src/testapp.d" "$src/dllib.d" .
run "$dtrace" -h -s testapp.d -s dllib.d -o two.h &&
	{ grep -q '^#define.TESTAPP_' two.h && grep -q '^#define.DLLIB_FIRE' two.h ||
		fail "-h -s testapp.d -s dllib.d: a provider missing from two.h"; }
printf '#include "two.h"\nint main(void) { DLLIB_FIRE(1, "x"); return 0; }\n' > two.c
run "$cc" $CFLAGS -c two.c -o two.o &&
	run "$dtrace" -G -s testapp.d -s dllib.d two.o &&
	{ [ -f testapp.o ] || fail "-G -s testapp.d -s dllib.d: no testapp.o"; }
"$dtrace" -h -s testapp.d -s testapp.d -o dup.h > out.txt 2>&1 && fail "a provider defined twice accepted"
grep -q "testapp.d: provider testapp is also defined by an earlier script" out.txt ||
	fail "provider defined twice: $(cat out.txt)"
"$dtrace" -32 -G -s testapp.d -o m32.o > out.txt 2>&1 && fail "-32 -G accepted"
grep -q -- "-G writes 64-bit objects only" out.txt || fail "-32 -G: $(cat out.txt)"
[ -e m32.o ] && fail "-32 -G wrote m32.o"

# Is-enabled without semaphore: with DTRACE_PROBES_DISABLED the macros
# are empty, _ENABLED() is 0, and nothing needs drti.
run "$cc" $CFLAGS -DDTRACE_PROBES_DISABLED -c py.c -o py_off.o
readelf -SW py_off.o | grep -q 'stapsdt\|dtrace_usdt_sites' && fail "DTRACE_PROBES_DISABLED left a probe site"
run "$cc" -o python_off python.c py_off.o
# ... and with it, every site of the header's macros names the semaphore.
readelf -nW python | grep -A3 'Name: txn__start' | grep -q 'Semaphore: 0x0*[1-9a-f]' ||
	fail "the header's site has no semaphore"

[ $failed = 0 ] && echo "build shapes: all passed"
exit $failed
