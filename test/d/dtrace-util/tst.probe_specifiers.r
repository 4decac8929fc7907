dtrace: invalid probe specifier :genunix::: invalid probe description ":genunix::": Overspecified probe description
exit 1
dtrace: invalid probe specifier profile:::profile-97: invalid probe description "profile:::profile-97": Overspecified probe description
exit 1
dtrace: invalid probe specifier fbt:des:des3_crunch_block:return: invalid probe description "fbt:des:des3_crunch_block:return": Overspecified probe description
exit 1
dtrace: invalid probe specifier a:b:c:d:e{ exit(0); }: invalid probe description "a:b:c:d:e": Overspecified probe description
exit 1
dtrace: invalid probe specifier :nosuchmod_xyz::: probe description nosuchmod_xyz::: does not match any probes
exit 1
dtrace: invalid probe specifier ::nosuchfn_xyz:: probe description :nosuchfn_xyz:: does not match any probes
exit 1
dtrace: invalid probe specifier nosuchmod_xyz:{ exit(0); }: probe description nosuchmod_xyz::: does not match any probes
exit 1
dtrace: invalid probe specifier 4.56: probe identifier 4 not permitted when specifying functions
exit 1
dtrace: invalid probe specifier 7: probe identifier 7 not permitted when specifying modules
exit 1
dtrace: invalid probe specifier 12: probe identifier 12 not permitted when specifying providers
exit 1
dtrace: invalid probe specifier 0: invalid probe identifier 0: Unknown probe identifier
exit 1
dtrace: invalid probe specifier 0: invalid probe identifier 0: Unknown probe identifier
exit 1
dtrace: invalid probe specifier 4-2: probe description :::-2 does not match any probes
exit 1
dtrace: invalid probe specifier 99999999: invalid probe identifier 99999999: Unknown probe identifier
exit 1
dtrace: invalid probe specifier BEGIN { x = ; }: syntax error near ";"
exit 1
dtrace: invalid probe specifier BEGIN: extraneous argument '{ exit(0); }' ($1 is not referenced)
exit 1
dtrace: failed to compile script /dev/stdin: line 1: syntax error near ";"
exit 1
leading colon: 4 fields

exit 0
