# ASSERTION: the usage text explains every flag dtrace takes (the
# 33 of DTrace's, -32 and -64 among them; -B, a test aid, aside).
flags="32 64 a A b c C D e f F G h H i I l L m n o p P q s S U v V w x X Z"
help=$("$1" --help) || { echo "--help failed"; exit 1; }
missing=0
for f in $flags; do
	if ! printf '%s\n' "$help" | grep -q "^	-$f "; then
		echo "no line for -$f"
		missing=$((missing + 1))
	fi
done
echo "$(echo $flags | wc -w) flags, $missing without a line"
