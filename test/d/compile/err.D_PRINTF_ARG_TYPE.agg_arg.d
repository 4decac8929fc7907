/*
 * ASSERTION: An aggregation given to printf() is refused by its conversion.
 */
BEGIN { @a = count(); printf("%d %d", 1, @a); }
