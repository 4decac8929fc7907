# need_provider NAME: a test of provider NAME is skipped (exit 77, the
# reason on stderr) on a kernel that lacks what NAME needs: the module
# left it out saying "this kernel lacks ..." (doc/kernels.md: fbt and
# lockstat on 5.10). Any other reason is a failure the test goes on to show.
need_provider() {
	np_why=$(sed -n "s/^$1: \(this kernel lacks .*\)/\1/p" \
		/sys/module/dtrace/parameters/missing_providers 2>/dev/null)
	[ -z "$np_why" ] && return 0
	echo "provider $1 is missing: $np_why" >&2
	exit 77
}
