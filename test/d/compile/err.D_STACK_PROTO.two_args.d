/*
 * ASSERTION: stack() takes at most a frame count.
 */
BEGIN { stack(1, 2); }
