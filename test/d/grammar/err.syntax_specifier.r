-- @@stderr --
dtrace: invalid probe specifier BEGIN { trace(; }: syntax error near ";"
