# Sourced by the test/d/usym tests: $dtrace is build/dtrace, $src this
# directory (the test programs' sources), $dir a scratch directory
# removed at exit with everything listed in $cleanup.
dtrace=$1
src=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dir=$(mktemp -d /tmp/usym.XXXXXX)
cleanup=
trap 'rm -rf "$dir" $cleanup' EXIT

# build_spin NAME [CFLAGS...]: spin.c compiled with symbols and frame
# pointers into $dir/NAME.
build_spin() {
	local name=$1
	shift
	cc -O0 -g -fno-omit-frame-pointer "$@" -o "$dir/$name" "$src/spin.c" || exit 1
}

# profile_frames PROG [DTRACE-ARGS...]: runs PROG for a second under a
# profile probe aggregating on its user stacks and prints, once each,
# the frames seen without their offsets.
profile_frames() {
	local prog=$1
	shift
	"$dtrace" -q "$@" -c "$prog 1" -n '
	profile-199 /pid == $target/ { @[ustack(4)] = count(); }' > "$dir/stacks" 2> "$dir/err" ||
		{ cat "$dir/err"; exit 1; }
	awk 'NF && $1 !~ /^[0-9]+$/ { sub(/^ +/, ""); sub(/\+0x[0-9a-f]+$/, ""); print }' "$dir/stacks" | sort -u
}

# has FRAMES-FILE PATTERN...: "PATTERN: yes|no" for each, as a frame
# matching PATTERN (grep -x) was seen.
has() {
	local f=$1 p
	shift
	for p in "$@"; do
		if grep -qx -- "$p" "$f"; then echo "$p: yes"; else echo "$p: no"; fi
	done
}
