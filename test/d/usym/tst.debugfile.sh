# ASSERTION: a stripped binary's functions are named from its separate
# debug file: found through .gnu_debuglink next to the binary, in its
# .debug/ directory, or under /usr/lib/debug/.build-id/xx/yyyy.debug by
# build-id; a debug file whose CRC is not the one the link records is
# not used.
# @@timeout: 180
. "$(dirname "$0")/usym_lib.sh"
build_spin spin-full
# Debuglink, the debug file next to the binary, then in .debug/.
objcopy --only-keep-debug "$dir/spin-full" "$dir/spin-link.debug" &&
	objcopy --strip-all --add-gnu-debuglink="$dir/spin-link.debug" "$dir/spin-full" "$dir/spin-link" &&
	mkdir "$dir/d" "$dir/d/.debug" &&
	cp "$dir/spin-link" "$dir/d/spin-dot" &&
	cp "$dir/spin-link.debug" "$dir/d/.debug/" || exit 1
profile_frames "$dir/spin-link" > "$dir/f"
has "$dir/f" 'spin-link`hidden_leaf' 'spin-link`hidden_mid'
profile_frames "$dir/d/spin-dot" > "$dir/f"
has "$dir/f" 'spin-dot`hidden_leaf'
# A debug file changed since the link was made is refused.
echo x >> "$dir/d/.debug/spin-link.debug"
profile_frames "$dir/d/spin-dot" > "$dir/f"
has "$dir/f" 'spin-dot`hidden_leaf'
# Build-id: a fresh random id, so no real debug file is met.
id=$(od -An -tx1 -N20 /dev/urandom | tr -d ' \n')
build_spin spin-id -Wl,--build-id=0x$id
dbg=/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug
mkdir -p "${dbg%/*}" || exit 1
cleanup=$dbg
objcopy --only-keep-debug "$dir/spin-id" "$dbg" &&
	strip --strip-all "$dir/spin-id" || exit 1
profile_frames "$dir/spin-id" > "$dir/f"
has "$dir/f" 'spin-id`hidden_leaf' 'spin-id`hidden_mid'
rm -f "$dbg"
rmdir "${dbg%/*}" 2> /dev/null || :
