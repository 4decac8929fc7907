/*
 * ASSERTION: a tracing function called inside an expression that accepts
 * its void value (here the left operand of a comma) is refused by the
 * code generator; an operator that needs a value refuses it first.
 */
BEGIN { x = (trace(1), 2); }
