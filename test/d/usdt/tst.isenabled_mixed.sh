# ASSERTION: a probe with two kinds of site in one function, the generic
# DTRACE_PROBE1 (no semaphore) written first and the header's macro behind
# SHAPES_MIXED_ENABLED(), gets the header's semaphore: enabling it turns
# the is-enabled check true, so the guarded site fires (its argument is
# negative; the generic site's is not). drti used to take the semaphore
# from the first site of the probe only.
# @@timeout: 60
. "$(dirname "$0")/shapes_lib.sh"
start_shapes usdt_shapes_archive || exit 1
"$dtrace" -q -n "
BEGIN { g = 0; }
shapes$pid:::mixed /arg0 >= 0 && !g/ { g = 1; printf(\"generic site\n\"); }
shapes$pid:::mixed /arg0 < 0 && g/ { printf(\"guarded site\n\"); exit(0); }
tick-10s { printf(\"timed out\n\"); exit(1); }"
rc=$?
stop_shapes
exit $rc
