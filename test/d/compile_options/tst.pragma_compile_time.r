dtrace: failed to compile script defaultargs_off.d: line 1: macro argument $1 is not defined
defaultargs_off: exit 1
defaultargs: exit 0
dtrace: failed to compile script argref_off.d: line 2: extraneous argument '2' ($2 is not referenced)
argref_off: exit 1
argref: exit 0
dtrace: failed to compile script knodefs_off.d: line 1: failed to resolve `dtrace_no_such_symbol_xyzzy: Unknown symbol name
knodefs_off: exit 1
dtrace: failed to compile script knodefs.d: line 2: no symbolic type information is available for vmlinux`dtrace_no_such_symbol_xyzzy: Unknown symbol name
knodefs: exit 1
dtrace: failed to compile script empty_off.d: line 1: empty D program translation unit
empty_off: exit 1
empty: exit 0
iregs_off: exit 0
dtrace: failed to compile script iregs.d: Insufficient registers to generate code
iregs: exit 1
dtrace: failed to compile script after_use.d: line 1: macro argument $1 is not defined
after_use: exit 1
dtrace: failed to compile script cpppath.d: line 1: failed to set option 'cpppath' to '/bin/false': Option cannot be used from within a D program
cpppath: exit 1
dtrace: failed to compile script incdir.d: line 1: failed to set option 'incdir' to '/tmp': Option cannot be used from within a D program
incdir: exit 1
