by-ref 1048576 bytes: exit 0
dtrace: failed to compile script PROG: variable x is too large: 1048577 bytes, over the limit of 1048576 bytes for a variable's value
by-ref 1048577 bytes: exit 1
cost of 7 compares: exit 0
dtrace: failed to enable 'PROG': Enabling exceeds size limit: clause 1 may cost 1048952 units per firing, above the budget of 1048576 (fewer or shorter strings)
cost of 8 compares: exit 1
dtrace: failed to enable 'PROG': Enabling exceeds size limit: clause 0 may cost 16799808 units per firing, above the budget of 1048576 (fewer or shorter strings)
256 strings of 65536 bytes: exit 1
dtrace: failed to enable 'PROG': Enabling exceeds size limit: clause 0: 16842752 bytes of record data, over the limit of 16777216
257 strings of 65536 bytes: exit 1
