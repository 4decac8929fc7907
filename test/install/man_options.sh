#!/usr/bin/env bash
# Every option name dtrace accepts (kernel/uapi/dtrace/options.def and
# libdtrace/api/consumer_options.def) has an entry in man/dtrace.8's
# TRACING OPTIONS, and the page names no option dtrace refuses.
set -euo pipefail
top=${1:?usage: man_options.sh SOURCE_DIR}
man=$top/man/dtrace.8
accepted=$("$(dirname "$0")/option_names.sh" "$top")
# The entries: the line after each .TP of TRACING OPTIONS, fonts removed,
# one word a line (an entry may name several options).
section=$(sed -n '/^\.SH TRACING OPTIONS/,/^\.SH USDT/p' "$man")
[ -n "$section" ] || { echo "man_options: man/dtrace.8 has no TRACING OPTIONS section" >&2; exit 1; }
named=$(grep -A1 '^\.TP' <<< "$section" | grep -v '^\.TP\|^--' |
	sed 's/^\.B[IR]* //; s/\\f[BIR]//g; s/"//g; s/\\-/-/g' | tr ' ,|' '\n\n\n' | sed -n 's/^\([a-z]*\)=\{0,1\}.*/\1/p' |
	sort -u)
rc=0
for o in $accepted; do
	grep -qx "$o" <<< "$named" || { echo "man_options: -x $o has no entry in TRACING OPTIONS" >&2; rc=1; }
done
# Entries name options, not values: a word followed by "=" on an entry
# line must be an option dtrace accepts.
for o in $(grep -A1 '^\.TP' <<< "$section" | grep '^\.B' |
	sed 's/^\.B[IR]* //; s/\\f[BIR]//g; s/"//g' | tr ' ,' '\n\n' | sed -n 's/^\([a-z]\{3,\}\)=.*/\1/p' | sort -u); do
	grep -qx "$o" <<< "$accepted" || { echo "man_options: TRACING OPTIONS names $o, which dtrace refuses" >&2; rc=1; }
done
[ "$rc" -eq 0 ] && echo "man_options: $(wc -l <<< "$accepted") options checked"
exit $rc
