dtrace: failed to compile script /dev/null: [D_EMPTY] line 1: empty D program translation unit
empty: exit 1
-x empty: exit 0
dtrace: invalid probe specifier /* nothing */: [D_EMPTY] empty D program translation unit
comment: exit 1
