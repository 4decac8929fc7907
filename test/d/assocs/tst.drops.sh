# ASSERTION: when the dynamic variable space is full, a store that needs
# a new element is dropped (the element reads 0) and tracing continues;
# a store to an element that exists still succeeds.
. "$(dirname "$0")/../lib/dynvar_full.sh"
dynvar_full "$1" -- 'a[1] = 4; printf("%d %d %d\n", a[1], a[2], a[3]);'
