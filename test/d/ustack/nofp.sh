# Sourced by the ustack tests: builds nofp_prog and libnofp.so (-O2,
# -fomit-frame-pointer, CFI in .eh_frame as distributions build) into
# $tmp and defines chain_ok, which reads one ustack() and says whether
# it holds lib_work, b, a, main in that order, then usleep if asked.
dtrace=$1
here=$(dirname "$0")
tmp=$(mktemp -d /tmp/ustack.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cflags="-O2 -g0 -fomit-frame-pointer -fno-optimize-sibling-calls -fno-inline"
gcc $cflags -fPIC -shared -o "$tmp/libnofp.so" "$here/nofp_lib.c" || exit 1
gcc $cflags -o "$tmp/nofp_prog" "$here/nofp_prog.c" -L"$tmp" -lnofp \
	-Wl,-rpath,"$tmp" || exit 1
prog=$tmp/nofp_prog

# chain_ok NAME [glibc]: stdin is dtrace's output; prints "NAME: ok" when
# the frames (offsets dropped) hold the chain, else the frames read.
chain_ok() {
	local frames want
	frames=$(sed -n 's/^ *\([^ ]*`[^+ ]*\).*/\1/p' | tr '\n' ' ')
	want='libnofp.so`lib_work nofp_prog`b nofp_prog`a nofp_prog`main '
	[ "$2" = glibc ] && want='libc.so.6`usleep '$want
	case " $frames" in
	*" $want"*) echo "$1: ok" ;;
	*) echo "$1: $frames" ;;
	esac
}
