/*
 * ASSERTION: attributes needs the attributes and what they apply to.
 */
#pragma D attributes Stable/Stable/Common
BEGIN { exit(0); }
