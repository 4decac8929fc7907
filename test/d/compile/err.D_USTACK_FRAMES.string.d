/*
 * ASSERTION: ustack() frame count must be a constant.
 */
BEGIN { ustack("x"); }
