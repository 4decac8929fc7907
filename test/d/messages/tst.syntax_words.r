dtrace: failed to compile script p1.d: [D_SYNTAX] line 3: extra ) in input stream
exit 1
dtrace: failed to compile script p2.d: [D_SYNTAX] line 3: extra ] in input stream
exit 1
dtrace: failed to compile script p3.d: [D_SYNTAX] line 3: closing ) expected in predicate before /
exit 1
dtrace: failed to compile script p4.d: [D_SYNTAX] line 3: closing ] expected in predicate before /
exit 1
dtrace: failed to compile script p5.d: [D_SYNTAX] line 1: expected predicate and/or actions following probe description
exit 1
dtrace: failed to compile script p6.d: [D_SYNTAX] line 2: expected predicate and/or actions following probe description
exit 1
dtrace: failed to compile script p7.d: [D_SYNTAX] line 1: expected predicate and/or actions following probe description
exit 1
dtrace: failed to compile script p8.d: [D_STR_NL] line 4: newline encountered in string literal
exit 1
dtrace: failed to compile script p9.d: [D_CHR_NL] line 4: newline encountered in character constant
exit 1
exit 0
exit 0
