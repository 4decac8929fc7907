# ASSERTION: -x dtypes=file writes the D type container as a CTF
# dictionary that holds the types a script declares; -x ctypes=file the C
# one: the intrinsic C types and the kernel's types the script uses (its
# own struct is not there). objdump --ctf reads a dictionary once it is
# the .ctf section of an object.
# @@timeout: 180
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/types.d" <<'D'
struct dtrace_test_point { int x; long y; char name[8]; };
typedef struct dtrace_test_point dtrace_test_point_t;
enum dtrace_test_color { RED = 1, GREEN = 2 };
BEGIN { trace(sizeof(struct inode)); }
D
"$dtrace" -e -x dtypes="$dir/d.ctf" -x ctypes="$dir/c.ctf" -s "$dir/types.d"
echo "compile: exit $?"
printf '' | as -o "$dir/empty.o" -
for c in d c; do
	objcopy --add-section .ctf="$dir/$c.ctf" "$dir/empty.o" "$dir/$c.o" || echo "objcopy failed"
	echo "== $c container"
	# Top-level types of interest, with the members and enumerators of
	# the script's own; ids, alignment and the kernel's sizes vary.
	objdump --ctf "$dir/$c.o" | sed -n '/^  Types:/,/^  Strings:/p' |
		awk '/^    0x[0-9a-f]+: /{ top = $0; keep = top ~ /^    0x[0-9a-f]+: \(kind [0-9]+\) (int \(|struct inode |[a-z_ ]*dtrace_test)/;
			if (keep) print; next }
			keep && top ~ /dtrace_test/ && /^ +(\[0x|[A-Z]+: )/ { print }' |
		sed -E 's/(ID )?0x[0-9a-f]+: \(kind [0-9]+\) //g; s/ \(aligned at 0x[0-9a-f]+\)//g; s/^ +//' |
		sed -E 's/^(struct inode) .*/\1 (kernel size)/'
done
