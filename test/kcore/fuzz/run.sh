#!/bin/sh
# Builds the libFuzzer target fuzz_prog.c (clang, ASan + UBSan) over the
# kernel/core sources and runs RUNS inputs from the seed corpus in
# test/kcore/corpus and the compiler's containers of test/fuzz/corpus
# (new inputs go to OUT/corpus, never into the tree).
# The random seed is fixed (SEED=1 unless set), so a CI run repeats
# exactly; set SEED to explore further while developing.
# Usage: run.sh SRCDIR OUT [RUNS]       (ctest: kcore_fuzz)
#        run.sh SRCDIR OUT --gen        (rewrites the seed corpus)
set -eu
src=$1 out=$2 runs=${3:-2000000}
k=$src/kernel
cc=${CLANG:-clang}
srcs=$(grep -oE '(core|prov)/[A-Za-z0-9_]+\.c' "$k/core/sources.mk" |
	sed "s|^|$k/|")
mkdir -p "$out/corpus"
flags="-g -O1 -I$k -I$k/uapi -I$src/test/kcore -I$src/test/fuzz -fno-strict-aliasing"

if [ "$runs" = --gen ]; then
	$cc $flags "$src/test/kcore/fuzz/gen_corpus.c" -o "$out/gen_corpus"
	rm -f "$src"/test/kcore/corpus/seed-*
	mkdir -p "$src/test/kcore/corpus"
	exec "$out/gen_corpus" "$src/test/kcore/corpus"
fi

bin=$out/fuzz_prog
stale=1
if [ -x "$bin" ] && [ -z "$(find "$k/core" "$k/prov" "$k/user" \
		"$src/test/kcore/fuzz" "$src/test/fuzz" -newer "$bin" \
		-name '*.[ch]' | head -1)" ]
then
	stale=0
fi
if [ $stale = 1 ]; then
	# shellcheck disable=SC2086
	$cc $flags -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined -fno-sanitize=function \
		$srcs "$k/user/port_user.c" "$src/test/kcore/fuzz/fuzz_prog.c" \
		"$src/test/fuzz/mutate.c" \
		-o "$bin.tmp"
	mv "$bin.tmp" "$bin"
fi
rm -rf "$out/corpus" "$out/containers"	# same start every run
mkdir -p "$out/corpus" "$out/containers"
for f in "$src"/test/fuzz/corpus/*.dtp; do	# first byte 0: a container
	if [ -f "$f" ]; then
		{ printf '\0'; cat "$f"; } > "$out/containers/${f##*/}"
	fi
done
exec "$bin" -artifact_prefix="$out/" -seed="${SEED:-1}" -runs="$runs" \
	-max_total_time=240 -max_len=65536 -timeout=10 \
	-print_final_stats=1 "$out/corpus" "$src/test/kcore/corpus" \
	"$out/containers"
