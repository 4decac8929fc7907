/* ASSERTION: %d does not take a string. */
BEGIN { printf("%d\n", "s"); }
