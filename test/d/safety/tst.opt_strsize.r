strsize=0: exit 1
dtrace: failed to set -x strsize: Invalid value for specified option
strsize=1: exit 1
dtrace: failed to set -x strsize: Invalid value for specified option
strsize=2147483648: exit 1
dtrace: failed to set -x strsize: Invalid value for specified option
strsize=4294967296: exit 1
dtrace: failed to set -x strsize: Invalid value for specified option
strsize=9223372036854775808: exit 1
dtrace: failed to set -x strsize: Invalid value for specified option
strsize=18446744073709551615: exit 1
dtrace: failed to set -x strsize: Invalid value for specified option
