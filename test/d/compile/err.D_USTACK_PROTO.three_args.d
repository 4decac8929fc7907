/*
 * ASSERTION: ustack() takes at most a frame count and a string size.
 */
BEGIN { ustack(1, 2, 3); }
