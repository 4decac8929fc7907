/*
 * ASSERTION: -x nolibs loads none of the D library files, so curpsinfo
 * (an inline of procfs.d) is undefined (without it this compiles).
 * @@runtest-opts: -x nolibs
 */
BEGIN { trace(curpsinfo->pr_pid); }
