# ASSERTION: nspec at 0, 1, 2^31, 2^32, 2^63 and 2^64-1: values outside
# 1..65536 are refused when set; one speculation works.
# @@timeout: 900
. "$(dirname "$0")/../lib/option_extremes.sh"
option_extremes "$1" nspec 'BEGIN { printf("done %d\n", speculation()); exit(0); }'
