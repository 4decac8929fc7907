# ASSERTION: dtrace -V reports the D version, then the package version
# and the commit it was built from (here "C"), and exits 0.
"$1" -V | sed 's/commit [0-9a-f]\{7,\}\(-dirty\)\{0,1\}$/commit C/; s/commit unknown$/commit C/'
exit "${PIPESTATUS[0]}"
