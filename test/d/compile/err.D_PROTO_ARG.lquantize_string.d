/*
 * ASSERTION: lquantize()'s base is an int32_t: a string is refused as
 * not matching the prototype.
 */
BEGIN { @a = lquantize(1, "a", 10); }
