#!/usr/bin/env bash
# cmd/dtrace/dtrace.bash completes what dtrace accepts: its flags (the
# getopt string), every -x option name and no other, the values of
# one-word options, and probe descriptions a field at a time from
# `dtrace -l` (a stand-in here: no module is needed).
set -euo pipefail
top=${1:?usage: completion.sh SOURCE_DIR}
fail() { echo "completion: $*" >&2; exit 1; }
# shellcheck source=/dev/null
source "$top/cmd/dtrace/dtrace.bash"
complete -p dtrace | grep -q _dtrace || fail "no completion registered for dtrace"
dtrace() {  # dtrace -l as the module lists probes (consume/probe_list.cc)
	printf '%5s %10s %17s %33s %s\n' ID PROVIDER MODULE FUNCTION NAME \
		1 dtrace '' '' BEGIN 2 syscall vmlinux read entry 3 syscall vmlinux read return \
		4 syscall vmlinux write entry 5 profile '' '' tick-1s 6 sched '' wake_up wakeup \
		7 lockstat vmlinux '' adaptive-acquire
}
# complete WORD...: the candidates for the last word, sorted, one a line.
# As bash calls it: the line so far, the cursor at its end, and words
# split at COMP_WORDBREAKS (which the function must see through).
complete_words() {
	COMP_LINE="dtrace $*"
	COMP_POINT=${#COMP_LINE}
	COMP_WORDBREAKS=$' \t\n"\'><=;|&(:'
	COMP_WORDS=(dtrace)  # not what it reads
	COMP_CWORD=0
	COMPREPLY=()
	_dtrace
	printf '%s\n' "${COMPREPLY[@]}" | sort
}
want_options=$("$top/test/install/option_names.sh" "$top")
got_options=$(complete_words -x "")
[ "$got_options" = "$want_options" ] ||
	fail "-x completes other names than dtrace accepts: $(diff <(echo "$want_options") <(echo "$got_options") | grep '^[<>]' | tr '\n' ' ')"
[ "$(complete_words -x bufpolicy=r)" = "ring" ] || fail "-x bufpolicy=r does not complete to ring"
optstring=$(sed -n 's/.*const char\* optstring = "+\{0,1\}:\{0,1\}\([^"]*\)".*/\1/p' "$top/cmd/dtrace/dtrace.cc")
flags=$(complete_words -)
for f in $(printf '%s' "${optstring//:/}" | fold -w1); do
	[ "$f" = 3 ] && f=32; [ "$f" = 6 ] && f=64
	grep -qx -- "-$f" <<< "$flags" || fail "-$f is not offered"
done
grep -qx -- --version <<< "$flags" || fail "--version is not offered"
[ "$(complete_words -P sys)" = "syscall" ] || fail "-P sys: $(complete_words -P sys)"
[ "$(complete_words -n sys)" = "syscall:" ] || fail "-n sys: $(complete_words -n sys)"
# After "syscall:" bash hands over only what follows the colon.
[ "$(complete_words -n syscall:vm)" = "vmlinux:" ] || fail "-n syscall:vm: $(complete_words -n syscall:vm)"
[ "$(complete_words -n syscall:vmlinux:re)" = "read:" ] || fail "-n syscall:vmlinux:re: $(complete_words -n syscall:vmlinux:re)"
[ "$(complete_words -n syscall:vmlinux:read:)" = "$(printf 'entry\nreturn')" ] ||
	fail "-n syscall:vmlinux:read: $(complete_words -n syscall:vmlinux:read: | tr '\n' ' ')"
[ "$(complete_words -n "")" = "$(printf 'dtrace:\nlockstat:\nprofile:\nsched:\nsyscall:')" ] ||
	fail "-n: $(complete_words -n "" | tr '\n' ' ')"
[ "$(complete_words -n dtrace::)" = ":" ] || fail "-n dtrace:: $(complete_words -n dtrace:: | tr '\n' ' ')"
[ "$(complete_words -n dtrace:::)" = "BEGIN" ] || fail "-n dtrace::: $(complete_words -n dtrace::: | tr '\n' ' ')"
[ "$(complete_words -n sched::)" = "wake_up:" ] || fail "-n sched:: $(complete_words -n sched:: | tr '\n' ' ')"
[ "$(complete_words -n lockstat:vmlinux::)" = "adaptive-acquire" ] ||
	fail "-n lockstat:vmlinux:: $(complete_words -n lockstat:vmlinux:: | tr '\n' ' ')"
echo "completion: $(wc -l <<< "$want_options") options, ${#optstring} flag characters checked"
