/*
 * ASSERTION: ustack() string size must be a constant.
 */
BEGIN { ustack(5, "x"); }
