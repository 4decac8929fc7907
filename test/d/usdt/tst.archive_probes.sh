# ASSERTION: a program that gets its probes from a static archive
# (usdt_shapes_archive links libusdt_shapes.a: the probes' object and the
# -G object dtrace -C -I -G made over it, as CPython's libpython.a holds
# its pydtrace.o) registers them when it starts: the linker takes the -G
# object out of the archive because the dtrace -h header names drti.
# The probes of shapes.d fire with their arguments: a type spelled as a
# cpp macro, a string, a pointer to a struct the program defines after
# the header, names with "__" (txn-start, read-done, -lead, tail-).
# @@timeout: 60
. "$(dirname "$0")/shapes_lib.sh"
start_shapes usdt_shapes_archive || exit 1
"$dtrace" -q -n "
BEGIN { t = 0; r = 0; l = 0; i = 0; }
shapes$pid:::txn-start /!t/ { t = 1; i = arg0;
	printf(\"%s %s %s %s %s\n\", probemod, probefunc, probename, copyinstr(arg1),
	    arg0 >= 0 ? \"ok\" : \"bad\"); }
shapes$pid:::read-done /t && !r && *(int *)copyin(arg0, 4) == i/ { r = 1;
	printf(\"%s size %s bytes %s\n\", probename, *(int *)copyin(arg0 + 4, 4) == 3 * i ? \"ok\" : \"bad\",
	    arg1 == 1000 * i ? \"ok\" : \"bad\"); }
shapes$pid:::-lead /r && !l/ { l = 1; printf(\"%s\n\", probename); }
shapes$pid:::tail- /l/ { printf(\"%s %s\n\", probename, arg0 == i + 1 ? \"ok\" : \"bad\"); exit(0); }
tick-15s { printf(\"timed out\n\"); exit(1); }"
rc=$?
cat "$shapes_err"
stop_shapes
exit $rc
