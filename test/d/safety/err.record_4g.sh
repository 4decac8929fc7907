# ASSERTION: one BEGIN clause of 65,536 trace(execname) at strsize 65536
# (as many actions as a clause may have) records 2^32 bytes, which a
# 32-bit layout made 0: ENABLE's 64-bit sum refuses it as over
# DTRACE_MAX_RECSIZE, exit 1, and a fresh dtrace works afterwards.
# @@timeout: 600
. "$(dirname "$0")/../lib/big_clause.sh"
refused_clause "$1" 65536
