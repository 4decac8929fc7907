scratchsize=0: exit 0
done ab

scratchsize=1: exit 0
done ab

scratchsize=2147483648: exit 1
dtrace: failed to set -x scratchsize: Invalid value for specified option
scratchsize=4294967296: exit 1
dtrace: failed to set -x scratchsize: Invalid value for specified option
scratchsize=9223372036854775808: exit 1
dtrace: failed to set -x scratchsize: Invalid value for specified option
scratchsize=18446744073709551615: exit 1
dtrace: failed to set -x scratchsize: Invalid value for specified option
