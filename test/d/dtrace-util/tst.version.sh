# ASSERTION: dtrace -V reports the D version and exits 0.
exec "$1" -V
