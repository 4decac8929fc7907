/*
 * ASSERTION: printa() with a format but no aggregation is refused.
 */
BEGIN { @a = count(); printa("%@d\n"); }
