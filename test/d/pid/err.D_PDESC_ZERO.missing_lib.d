/*
 * ASSERTION: a pid probe in a library the process does not have matches
 * no probes (D_PDESC_ZERO, as DTrace tags it).
 * @@runtest-opts: -c /bin/true
 */
pid$target:libnothere.so.1::entry
{
}
