# ASSERTION: aggsortrev reverses the default value order: the program of
# tst.aggsortkey.d, run with -x aggsortrev in place of its aggsortkey.
exec "$1" -x aggsortrev -s tst.aggsortkey.d
