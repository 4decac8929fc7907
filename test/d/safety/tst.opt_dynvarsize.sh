# ASSERTION: dynvarsize at 0, 1, 2^31, 2^32, 2^63 and 2^64-1: an invalid
# value is refused, a store too small drops, a huge one is lowered to
# what fits and holds both variables.
# @@timeout: 900
. "$(dirname "$0")/../lib/option_extremes.sh"
option_extremes "$1" dynvarsize 'BEGIN { a["k"] = 1; self->t = 2; }
BEGIN { printf("done %d\n", a["k"] + self->t); exit(0); }'
