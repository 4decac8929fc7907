# Sourced by the bpf backend's end-to-end scripts (dtrace_bpf.sh,
# providers_bpf.sh): $dtrace run under -x backend=bpf, outputs into $tmp,
# $fail set to 1 on a failure. Exits 0, saying so, where bpf() is not
# permitted (not root, unprivileged_bpf_disabled).
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! "$dtrace" -x backend=bpf -q -n 'BEGIN { exit(0); }' >"$tmp/out" 2>"$tmp/err"; then
	if grep -q 'bpf() is not permitted' "$tmp/err"; then
		echo "$(basename "$0"): skipped: $(cat "$tmp/err")"
		exit 0
	fi
fi

# expect NAME WANT_STATUS WANT_OUT WANT_ERR_SUBSTRING -- dtrace arguments
expect() {
	name=$1 want_rc=$2 want_out=$3 want_err=$4
	shift 5
	"$dtrace" -x backend=bpf "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ "$rc" != "$want_rc" ] || [ "$(cat "$tmp/out")" != "$want_out" ] ||
		{ [ -n "$want_err" ] && ! grep -qF -- "$want_err" "$tmp/err"; }; then
		echo "FAIL $name: status $rc (want $want_rc)"
		echo "  stdout: $(cat "$tmp/out")"
		echo "  want:   $want_out"
		echo "  stderr: $(cat "$tmp/err")"
		echo "  want in stderr: $want_err"
		fail=1
	else
		echo "ok $name"
	fi
}

# check NAME TEST -- dtrace arguments: TEST (a shell condition on $out)
check() {
	name=$1 cond=$2
	shift 3
	out=$("$dtrace" -x backend=bpf "$@" 2>&1)
	if eval "$cond"; then
		echo "ok $name"
	else
		echo "FAIL $name: $out"
		fail=1
	fi
}
