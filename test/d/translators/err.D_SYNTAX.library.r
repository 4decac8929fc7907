-- @@stderr --
dtrace: invalid probe specifier BEGIN { exit(0); }: [D_SYNTAX] D library bad.d, line 1: syntax error near ";"
