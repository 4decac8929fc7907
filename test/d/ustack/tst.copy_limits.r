64k: exit 0
64k: the target's frames are there
dtrace: failed to set -x ustackbytes: Invalid value for specified option
64k + 8: exit 1
