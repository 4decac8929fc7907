/*
 * ASSERTION: unions holding each other are refused: the first names the
 * second before it is defined.
 */
union a { union b inner; int v; };
union b { union a outer; int w; };
BEGIN { exit(0); }
