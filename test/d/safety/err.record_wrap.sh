# ASSERTION: issue 13's second reproducer: one BEGIN clause of 65,537
# trace(execname) at strsize 65536 once panicked the kernel (its record
# layout, summed in 32 bits, wrapped and actions were written past the
# buffer). ENABLE refuses the clause (more actions than a clause may
# have) in DTrace's words, exit 1, and a fresh dtrace works afterwards.
# @@timeout: 600
. "$(dirname "$0")/../lib/big_clause.sh"
refused_clause "$1" 65537
