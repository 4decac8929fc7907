# ASSERTION: specsize at 0, 1, 2^31, 2^32, 2^63 and 2^64-1: an invalid
# value is refused, one under 8 bytes fails GO (a speculating program
# needs room for a record), a huge one is lowered to what fits and the
# committed record arrives.
# @@timeout: 900
. "$(dirname "$0")/../lib/option_extremes.sh"
option_extremes "$1" specsize 'BEGIN { s = speculation(); }
BEGIN { speculate(s); printf("speculated\n"); }
BEGIN { commit(s); }
BEGIN { printf("done\n"); exit(0); }'
