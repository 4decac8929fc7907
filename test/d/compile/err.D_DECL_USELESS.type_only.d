/*
 * ASSERTION: a declaration of a plain type without a declarator declares
 * nothing and is refused.
 */
int;
