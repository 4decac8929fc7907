# ASSERTION: `#pragma D option` sets a compile-time option for the rest of
# the program it appears in, as -x does: defaultargs, argref, knodefs,
# empty and iregs change how that very script compiles. An option DTrace
# fixes before any program is read (cpp and ld settings) is refused there.
# @@timeout: 180
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
compile() {	# compile NAME TEXT [OPERANDS...]: dtrace -e -s on TEXT
	local name=$1 text=$2
	shift 2
	printf '%s\n' "$text" > "$dir/$name.d"
	"$dtrace" -e -s "$dir/$name.d" "$@" 2>&1 | sed "s|$dir/||"
	echo "$name: exit ${PIPESTATUS[0]}"
}
compile defaultargs_off 'BEGIN { trace($1); }'
compile defaultargs '#pragma D option defaultargs
BEGIN { trace($1); trace($$2); }'
compile argref_off 'BEGIN { trace($1); }' 1 2
compile argref '#pragma D option argref
BEGIN { trace($1); }' 1 2
compile knodefs_off 'BEGIN { trace((long)&`dtrace_no_such_symbol_xyzzy); }'
compile knodefs '#pragma D option knodefs
BEGIN { trace((long)&`dtrace_no_such_symbol_xyzzy); }'
compile empty_off '#pragma D option quiet'
compile empty '#pragma D option empty'
compile iregs_off 'BEGIN { x = 1; trace(x + (x + (x + x))); }'
compile iregs '#pragma D option iregs=3
BEGIN { x = 1; trace(x + (x + (x + x))); }'
compile after_use 'BEGIN { trace($1); }
#pragma D option defaultargs'
compile cpppath '#pragma D option cpppath=/bin/false
BEGIN { }'
compile incdir '#pragma D option incdir=/tmp
BEGIN { }'
