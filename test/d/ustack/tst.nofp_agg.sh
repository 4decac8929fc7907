# ASSERTION: @[ustack()] keyed under profile on a program without frame
# pointers prints each key as the unwound chain (the stack bytes of the
# key are not frames), and equal chains are one entry: no two entries
# print the same frames; the samples in lib_work show the whole chain
# (a few land in b, a or main after a return).
# @@timeout: 120
. "$(dirname "$0")/nofp.sh"
"$dtrace" -q -x ustackbytes=8k -c "$prog 0" -n '
BEGIN { start = timestamp; }
profile-997 /pid == $target && arg1 != 0 && timestamp - start > 500000000/ {
	@[ustack()] = count(); }
tick-3s { exit(0); }' > "$tmp/out" 2>&1 ||
	{ echo "dtrace exited with status $?:"; cat "$tmp/out"; exit 1; }
awk '/^$/ { if (s != "") print s; s = ""; next }
	/`/ { s = s $1 " " } END { if (s != "") print s }' "$tmp/out" > "$tmp/keys"
[ -s "$tmp/keys" ] || { echo "no stacks:"; cat "$tmp/out"; }
dups=$(sort "$tmp/keys" | uniq -d | wc -l)
echo "entries printing the same frames: $dups"
sed 's/+0x[0-9a-f]*//g' "$tmp/keys" | grep 'lib_work' | sort -u | while read -r k; do
	echo "$k" | tr ' ' '\n' | chain_ok agg
done | sort -u
