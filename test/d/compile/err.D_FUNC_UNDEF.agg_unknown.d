/*
 * ASSERTION: An unknown function assigned to an aggregation is undefined, not a non-aggregating function.
 */
BEGIN { @a["x"] = no_such_function(); }
