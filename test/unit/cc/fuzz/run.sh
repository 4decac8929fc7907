#!/bin/sh
# Builds fuzz_compile.cc with the D compiler's sources (clang++, libFuzzer,
# ASan + UBSan) into OUT and runs it from the seeds: every test/d and
# test/golden *.d script. Rebuilds only when a compiler source is newer
# than the binary.
# Usage: run.sh SRCDIR OUT [RUNS]     (ctest: cc_fuzz) RUNS mutations with a
#          fixed seed from the seeds alone: the same result on every machine
#        run.sh SRCDIR OUT --explore SECONDS   random seed, keeps new inputs
#          in OUT/corpus (never in the tree) for later runs
set -eu
src=$1 out=$2 runs=${3:-3000} secs=${4:-60}
l=$src/libdtrace
cxx=${CLANGXX:-clang++}
mkdir -p "$out/obj" "$out/corpus" "$out/seeds"
bin=$out/fuzz_compile
dirs="$l/cc $l/ctf $l/dif $l/prog $l/util $src/test/unit/cc/fuzz $src/kernel/uapi $src/kernel/core"
# The compiler checks programs with the module's own code (libdtkcore.a,
# built by CMake; not instrumented): ctest passes its path.
dtkcore=${DTKCORE:?DTKCORE: the path of libdtkcore.a}

if [ ! -x "$bin" ] || [ "$dtkcore" -nt "$bin" ] || [ -n "$(find $dirs -newer "$bin" \( -name '*.cc' -o -name '*.h' \
		-o -name '*.y' -o -name '*.l' -o -name '*.def' \) | head -1)" ]; then
	bison -o "$out/grammar.cc" --defines="$out/grammar.hh" "$l/cc/grammar.y"
	flex -o "$out/lexer.cc" "$l/cc/lexer.l"
	flags="-std=c++20 -g -O1 -I$l -I$src/kernel -I$src/kernel/uapi -I$out -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -w"
	rm -f "$out"/obj/*.o
	# shellcheck disable=SC2086
	ls $l/cc/*.cc $l/cc/passes/*.cc $l/ctf/*.cc $l/dif/*.cc $l/prog/*.cc $l/util/*.cc \
		"$out/grammar.cc" "$out/lexer.cc" "$src/test/unit/cc/fuzz/fuzz_compile.cc" |
		xargs -P 2 -I{} sh -c 'o="$0/obj/$(echo "$1" | tr / _).o"; exec $2 $3 -c "$1" -o "$o"' \
			"$out" {} "$cxx" "$flags"
	# shellcheck disable=SC2046
	$cxx -fsanitize=fuzzer,address,undefined "$out"/obj/*.o "$dtkcore" $(pkg-config --libs libdw) -o "$bin.tmp"
	mv "$bin.tmp" "$bin"
fi
# Also seeds/: declarations that name themselves (inlines, structs,
# typedefs, translators), where a compiler recurses without end.
find "$src/test/d" "$src/test/golden" "$src/test/unit/cc/fuzz/seeds" -name '*.d' -exec cp {} "$out/seeds/" \;
common="-artifact_prefix=$out/ -max_len=4096 -timeout=5 -rss_limit_mb=2048 -print_final_stats=1"
if [ "$runs" = --explore ]; then
	# shellcheck disable=SC2086
	exec "$bin" $common -max_total_time="$secs" "$out/corpus" "$out/seeds"
fi
rm -rf "$out/fresh" && mkdir -p "$out/fresh"
# shellcheck disable=SC2086
exec "$bin" $common -seed=1 -runs="$runs" "$out/fresh" "$out/seeds"
