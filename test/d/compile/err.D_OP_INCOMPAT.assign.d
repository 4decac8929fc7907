/* ASSERTION: a variable keeps its first type. */
BEGIN { x = "a"; x = 1; }
