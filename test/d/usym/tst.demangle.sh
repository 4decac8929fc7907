# ASSERTION: C++ frames are shown demangled, as perf, gdb and bpftrace
# print them, in ustack(), ufunc() and uaddr(); -x nodemangle keeps the
# names as the object file spells them.
# @@timeout: 180
. "$(dirname "$0")/usym_lib.sh"
c++ -O0 -fno-omit-frame-pointer -o "$dir/shapes" "$src/shapes.cc" || exit 1
profile_frames "$dir/shapes" > "$dir/f"
has "$dir/f" 'shapes`geo::Shape::spin(double) const' 'shapes`void geo::run<geo::Shape>(geo::Shape const&, double)' 'shapes`main'
profile_frames "$dir/shapes" -x nodemangle > "$dir/f"
has "$dir/f" 'shapes`_ZNK3geo5Shape4spinEd' 'shapes`_ZN3geo3runINS_5ShapeEEEvRKT_d'
for act in ufunc uaddr; do
	"$dtrace" -q -c "$dir/shapes 1" -n "profile-199 /pid == \$target/ { $act(arg1); }" > "$dir/out" 2>&1 ||
		{ cat "$dir/out"; exit 1; }
	if grep -qF 'shapes`geo::Shape::spin(double) const' "$dir/out"; then echo "$act: yes"; else echo "$act: no"; fi
done
