# ASSERTION: probes in a shared library linked into a program (-fPIC
# objects, libusdt_shapes_shared.so, loaded at start) register under the
# library's name, with two -G objects in it: one made over its objects
# (shapes.d), one made from a qemu-style .dtrace file without any object
# (q__trace, a provider name with "__"). The library's drti registers
# once, so the program says nothing on stderr (each copy of drti used to
# register the whole library, and the module refused the second), and
# the probes of both providers fire, q__trace's ping behind its
# is-enabled check.
# @@timeout: 60
. "$(dirname "$0")/shapes_lib.sh"
start_shapes usdt_shapes_shlib || exit 1
"$dtrace" -q -n "
BEGIN { t = 0; }
shapes$pid:::txn-start /!t/ { t = 1; printf(\"%s %s %s %s\n\", probemod, probefunc, probename, copyinstr(arg1)); }
q__trace$pid:::ping /t/ { printf(\"%s %s %s %s\n\", probemod, probefunc, probename, copyinstr(arg1)); exit(0); }
tick-15s { printf(\"timed out\n\"); exit(1); }"
rc=$?
echo "stderr: $(cat "$shapes_err")"
stop_shapes
exit $rc
