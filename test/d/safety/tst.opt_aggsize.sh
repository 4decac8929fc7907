# ASSERTION: aggsize at 0, 1, 2^31, 2^32, 2^63 and 2^64-1: an invalid
# value is refused; the others count (2^31 and 2^32 lowered to what
# fits); the aggregation hash is sized in 64 bits (a 32-bit slot count
# once doubled to 0 and GO looped forever under the lock).
# @@timeout: 900
. "$(dirname "$0")/../lib/option_extremes.sh"
option_extremes "$1" aggsize 'BEGIN { @ = count(); exit(0); }
END { printa("done %@d\n", @); }'
