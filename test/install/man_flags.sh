#!/usr/bin/env bash
# Every flag dtrace(1) accepts (the getopt string of cmd/dtrace) has an
# entry of its own in man/dtrace.8's OPTIONS and appears in its SYNOPSIS.
set -euo pipefail
top=${1:?usage: man_flags.sh SOURCE_DIR}
optstring=$(sed -n 's/.*const char\* optstring = "+\{0,1\}\([^"]*\)".*/\1/p' \
	"$top/cmd/dtrace/dtrace.cc")
[ -n "$optstring" ] || { echo "man_flags: no optstring in cmd/dtrace/dtrace.cc" >&2; exit 1; }
man=$top/man/dtrace.8
synopsis=$(sed -n '/^\.SH SYNOPSIS/,/^\.SH/p' "$man" | sed 's/\\f[BIR]//g; s/\\-/-/g')
# The line after each .TP of OPTIONS: where an entry names its flag.
entries=$(sed -n '/^\.SH OPTIONS/,/^\.SH OPERANDS/p' "$man" | grep -A1 '^\.TP')
missing=0
for flag in $(printf '%s' "${optstring//:/}" | fold -w1); do
	# An entry is a .B/.BI/.BR line right after .TP naming \-flag.
	# Here-strings, not pipes: grep -q quitting early would fail a pipe
	# under pipefail (SIGPIPE upstream), now and then.
	if ! grep -Eq "^\.B[IR]? (.*[ \"])?\\\\-$flag([ \"]|$)" <<< "$entries"; then
		echo "man_flags: -$flag has no entry in OPTIONS" >&2
		missing=$((missing + 1))
	fi
	if ! grep -Eq -- "-[A-Za-z0-9]*$flag" <<< "$synopsis"; then
		echo "man_flags: -$flag is not in the SYNOPSIS" >&2
		missing=$((missing + 1))
	fi
done
[ "$missing" -eq 0 ] || exit 1
flags=${optstring//:/}
echo "man_flags: ${#flags} flags checked"
