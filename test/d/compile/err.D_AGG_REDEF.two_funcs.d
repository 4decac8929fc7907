/* ASSERTION: an aggregation keeps one aggregating function. */
BEGIN { @a = count(); } END { @a = sum(1); }
