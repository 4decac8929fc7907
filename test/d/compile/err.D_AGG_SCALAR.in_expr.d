/*
 * ASSERTION: an aggregation cannot be used as a value.
 */
BEGIN { @a = count(); x = @a; }
