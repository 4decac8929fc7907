# ASSERTION: bufsize at 0, 1, 2^31, 2^32, 2^63 and 2^64-1 is refused as
# an invalid value or traced with the buffer lowered to what fits (one
# allocation is at most 2 GiB); nothing hangs or WARNs and a fresh dtrace
# works after each (doc/limits.md §1).
# @@timeout: 900
. "$(dirname "$0")/../lib/option_extremes.sh"
option_extremes "$1" bufsize 'BEGIN { printf("done\n"); exit(0); }'
