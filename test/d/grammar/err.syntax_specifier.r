-- @@stderr --
dtrace: invalid probe specifier BEGIN { trace(; }: line 1: syntax error near ";"
