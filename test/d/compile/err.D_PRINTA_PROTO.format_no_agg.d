/*
 * ASSERTION: printa() with only a format counts its arguments as DTrace does.
 */
BEGIN { printa("%d"); }
