# ASSERTION: strsize at 0, 1, 2^31, 2^32, 2^63 and 2^64-1: all outside
# 2..65536, refused when set.
# @@timeout: 900
. "$(dirname "$0")/../lib/option_extremes.sh"
option_extremes "$1" strsize 'BEGIN { printf("done %s\n", "abc"); exit(0); }'
