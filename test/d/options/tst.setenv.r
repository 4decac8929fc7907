DT_OPT_CHANGED=new
DT_OPT_KEPT=kept
DT_OPT_NEW=a=b
exit 0
dtrace's own: present old
dtrace: failed to set -x setenv: Invalid value for specified option
exit 1
