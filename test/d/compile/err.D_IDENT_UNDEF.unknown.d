/* ASSERTION: reading a variable never assigned is an error. */
BEGIN { trace(nosuch); }
