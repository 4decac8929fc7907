default: exit 1 [D_ASRELO] relocation remains against user symbol a.out``first
unodefs: exit 0 
udefs_last: exit 1 [D_ASRELO] relocation remains against user symbol a.out``first
static: exit 0 
pragma: exit 0 
no_symbol: exit 1 [D_IDENT_UNDEF] failed to resolve a.out``nosuch: Unknown symbol name
no_module: exit 1 [D_IDENT_UNDEF] failed to resolve nomod``first: Unknown module name
as_kernel: exit 1 [D_SYM_BADREF] user module 'a.out' symbol 'first' may not be referenced as a kernel symbol
as_user: exit 1 [D_SYM_BADREF] kernel module 'vmlinux' symbol 'jiffies' may not be referenced as a user symbol
no_dwarf: exit 1 [D_SYM_NOTYPES] no symbolic type information is available for a.out``first: No type information available for symbol
