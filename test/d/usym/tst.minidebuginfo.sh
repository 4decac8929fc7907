# ASSERTION: a binary stripped of every symbol but carrying MiniDebugInfo
# (.gnu_debugdata: an xz-compressed ELF holding a .symtab, as Fedora and
# RHEL ship binaries) has its static functions named in ustack(); the
# same binary without it shows bare addresses there.
# @@timeout: 120
. "$(dirname "$0")/usym_lib.sh"
build_spin spin-full
objcopy --only-keep-debug "$dir/spin-full" "$dir/mini.elf" &&
	objcopy --strip-debug "$dir/mini.elf" &&
	xz "$dir/mini.elf" &&
	strip --strip-all -o "$dir/spin-bare" "$dir/spin-full" &&
	objcopy --add-section .gnu_debugdata="$dir/mini.elf.xz" "$dir/spin-bare" "$dir/spin-mini" || exit 1
readelf -S "$dir/spin-mini" | grep -c ' .symtab'
profile_frames "$dir/spin-mini" > "$dir/mini"
has "$dir/mini" 'spin-mini`hidden_leaf' 'spin-mini`hidden_mid' 'spin-mini`main'
profile_frames "$dir/spin-bare" > "$dir/bare"
has "$dir/bare" 'spin-bare`hidden_leaf'
