/*
 * ASSERTION: a translator's output type must be a struct or union.
 */
translator int < int v > { x = v; };
