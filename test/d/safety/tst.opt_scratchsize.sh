# ASSERTION: scratchsize at 0, 1, 2^31, 2^32, 2^63 and 2^64-1: past
# 16 MiB refused when set; 0 and 1 still leave room for string results.
# @@timeout: 900
. "$(dirname "$0")/../lib/option_extremes.sh"
option_extremes "$1" scratchsize 'BEGIN { printf("done %s\n", strjoin("a", "b")); exit(0); }'
