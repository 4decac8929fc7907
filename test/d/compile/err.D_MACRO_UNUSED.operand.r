-- @@stderr --
dtrace: invalid probe specifier BEGIN { trace($1); }: [D_MACRO_UNUSED] extraneous argument '2' ($2 is not referenced)
