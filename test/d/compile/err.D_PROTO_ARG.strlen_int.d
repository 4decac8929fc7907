/* ASSERTION: strlen() takes a string. */
BEGIN { trace(strlen(1)); }
