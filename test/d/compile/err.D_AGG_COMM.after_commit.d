/*
 * ASSERTION: aggregating after commit() in one clause is refused.
 */
BEGIN { s = speculation(); commit(s); @a = count(); }
