#!/usr/bin/env bash
# Prints every option name dtrace accepts, one a line, sorted: those of
# kernel/uapi/dtrace/options.def and of libdtrace/api/consumer_options.def.
set -euo pipefail
top=${1:?usage: option_names.sh SOURCE_DIR}
names=$( {
	sed -n 's/^DTRACEOPT([A-Z_]*,[^"]*"\([a-z]*\)".*/\1/p' "$top/kernel/uapi/dtrace/options.def"
	sed -n 's/^DT_COPT(\([a-z]*\),.*/\1/p' "$top/libdtrace/api/consumer_options.def"
} | sort -u)
[ "$(wc -l <<< "$names")" -ge 60 ] || { echo "option_names: could not read the option tables" >&2; exit 1; }
echo "$names"
