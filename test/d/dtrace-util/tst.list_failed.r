   ID   PROVIDER            MODULE                          FUNCTION NAME
 syscall vmlinux read entry
 syscall vmlinux read return
dtrace: failed to match ::nosuchfn_xyz:: No probe matches description
 syscall vmlinux write entry
 syscall vmlinux write return
exit 0
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match :nosuchmod_xyz::: No probe matches description
exit 0
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match :::-2: No probe matches description
exit 0
dtrace: invalid probe specifier profile:::tick-1: invalid probe description "profile:::tick-1": Overspecified probe description
exit 1
dtrace: invalid probe specifier 99999999: invalid probe identifier 99999999: Unknown probe identifier
exit 1
   ID   PROVIDER            MODULE                          FUNCTION NAME
dtrace: failed to match ::nosuchmod_xyz:: No probe matches description
dtrace: failed to match ::nosuchfn_xyz:: No probe matches description
exit 0
dtrace: invalid probe specifier read: extraneous argument '{ exit(0); }' ($1 is not referenced)
exit 1
