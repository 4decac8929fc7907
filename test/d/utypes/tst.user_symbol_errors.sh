# ASSERTION: user symbol references as DTrace checks them: without
# -x unodefs (or -x udefs after it) a.out``first is a relocation that
# remains (D_ASRELO); -x linkmode=static and #pragma D option unodefs
# resolve it; an unknown symbol or module is D_IDENT_UNDEF; a user
# module's symbol named as a kernel one, or a kernel symbol as a user
# one, is D_SYM_BADREF; a target without DWARF gives D_SYM_NOTYPES.
# @@timeout: 180
. "$(dirname "$0")/utypes_lib.sh"
cc -O0 -o "$prog.nodebug" "$dir/prog.c" || exit 1
try() {	# try NAME [dtrace args...]: compile only, print the tag or OK
	local name=$1
	shift
	out=$("$dtrace" -e -xerrtags -c "$prog" "$@" 2>&1)
	echo "$name: exit $? $(echo "$out" | grep -o '\[D_[A-Z_]*\].*' | sed 's/ line [0-9]*//')"
}
d='BEGIN { trace(a.out``first.score); }'
try default -n "$d"
try unodefs -x unodefs -n "$d"
try udefs_last -x unodefs -x udefs -n "$d"
try static -x linkmode=static -n "$d"
printf '#pragma D option unodefs\n%s\n' "$d" > "$dir/pragma.d"
try pragma -s "$dir/pragma.d"
try no_symbol -x unodefs -n 'BEGIN { trace(a.out``nosuch); }'
try no_module -x unodefs -n 'BEGIN { trace(nomod``first); }'
try as_kernel -x unodefs -n 'BEGIN { trace(a.out`first.score); }'
try as_user -x unodefs -n 'BEGIN { trace(vmlinux``jiffies); }'
out=$("$dtrace" -e -xerrtags -x unodefs -c "$prog.nodebug" -n "$d" 2>&1)
echo "no_dwarf: exit $? $(echo "$out" | grep -o '\[D_[A-Z_]*\].*' | sed 's/ line [0-9]*//')"
