/*
 * ASSERTION: xlate to a type without a translator is refused.
 */
BEGIN { trace(xlate <int>(1)); }
