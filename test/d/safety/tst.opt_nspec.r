nspec=0: exit 1
dtrace: failed to set -x nspec: Invalid value for specified option
nspec=1: exit 0
done 1

nspec=2147483648: exit 1
dtrace: failed to set -x nspec: Invalid value for specified option
nspec=4294967296: exit 1
dtrace: failed to set -x nspec: Invalid value for specified option
nspec=9223372036854775808: exit 1
dtrace: failed to set -x nspec: Invalid value for specified option
nspec=18446744073709551615: exit 1
dtrace: failed to set -x nspec: Invalid value for specified option
