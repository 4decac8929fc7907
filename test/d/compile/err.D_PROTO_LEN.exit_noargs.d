/* ASSERTION: exit() takes one argument. */
BEGIN { exit(); }
