/*
 * ASSERTION: an aggregation assigned the call of an unknown function is
 * told it needs an aggregating function.
 */
BEGIN { @a = no_such_aggregator(); }
