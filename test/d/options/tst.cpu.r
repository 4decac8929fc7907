cpu 1
exit 0
dtrace: failed to set -x cpu: Invalid value for specified option
exit 1
