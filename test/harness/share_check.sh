#!/usr/bin/env bash
# ctest d_share_partition: runtest --share splits the suite as make check
# relies on. Every entry of kernel_neutral names a test or directory of
# test/d; with N shares (N = 2 and 3) every test that is not
# kernel-neutral is in each share, and every kernel-neutral test is in
# exactly one, so the shares together run the whole suite.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
dtrace=${1:?usage: share_check.sh DTRACE}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
while read -r p; do
	[ -e "$top/$p" ] || { echo "kernel_neutral: $p does not exist"; fail=1; }
done < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$here/kernel_neutral")
"$here/runtest" --dtrace "$dtrace" --list > "$work/all" || exit 1
total=$(wc -l < "$work/all")
for n in 2 3; do
	: > "$work/shares"
	for ((i = 0; i < n; i++)); do
		"$here/runtest" --dtrace "$dtrace" --list --share "$i/$n" >> "$work/shares" || exit 1
	done
	# A test in all n shares is not kernel-neutral; one in a single
	# share is; none may be in another number of shares or missing.
	sort "$work/shares" | uniq -c > "$work/counts"
	awk -v n="$n" '$1 != n && $1 != 1' "$work/counts" > "$work/odd"
	[ -s "$work/odd" ] && { echo "$n shares: tests in neither one nor every share:"; cat "$work/odd"; fail=1; }
	awk '{ print $2 }' "$work/counts" | cmp -s - <(sort "$work/all") ||
		{ echo "$n shares: the shares together are not the whole suite"; fail=1; }
	once=$(awk '$1 == 1' "$work/counts" | wc -l)
	[ "$once" -gt 0 ] || { echo "$n shares: no test was shared"; fail=1; }
	echo "$n shares: $total tests, $once kernel-neutral, each in one share"
done
exit $fail
