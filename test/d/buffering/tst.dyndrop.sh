# ASSERTION: a dynamic variable drop is reported on stderr, with its
# [DTRACEDROP_DYNAMIC] tag under droptags.
. "$(dirname "$0")/../lib/dynvar_full.sh"
dynvar_full "$1" -x droptags -- 'printf("%d %d %d\n", a[1], a[2], a[3]);'
