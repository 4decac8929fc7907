/*
 * ASSERTION: a symbol scoped to a module that is not loaded is
 * D_IDENT_UNDEF ("Unknown module name").
 */
BEGIN { trace(&no_such_module_xyzzy`vfs_read); }
