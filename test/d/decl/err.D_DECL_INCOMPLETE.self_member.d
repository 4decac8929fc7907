/*
 * ASSERTION: a struct cannot hold a member of its own type.
 */
struct node { struct node next; int v; };
BEGIN { exit(0); }
