/* ASSERTION: printf() needs an argument for every conversion. */
BEGIN { printf("%d %d\n", 1); }
