# ASSERTION: a clause whose record is over DTRACE_MAX_RECSIZE (16 MiB:
# 257 strings of 64 KiB) is refused at ENABLE with the size and the
# limit, as "failed to enable" (exit 1); a fresh dtrace works afterwards.
# @@timeout: 300
. "$(dirname "$0")/../lib/big_clause.sh"
refused_clause "$1" 257
