/*
 * ASSERTION: a name neither D nor any kernel enum defines stays an
 * undefined identifier.
 */
BEGIN { trace(PIDTYPE_NO_SUCH_XYZZY); }
