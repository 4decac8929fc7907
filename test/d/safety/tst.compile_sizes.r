dtrace: failed to enable 'SCRIPT': Enabling exceeds size limit: clause 0: 65537 actions, over the limit of 65536
65537 traces: exit 1
dtrace: failed to enable 'SCRIPT': Enabling exceeds size limit: clause 0: 16842752 bytes of record data, over the limit of 16777216
257 traces: exit 1
dtrace: failed to enable 'SCRIPT': Enabling exceeds size limit: clause 0 may cost 16799808 units per firing, above the budget of 1048576 (fewer or shorter strings)
256 traces: exit 1
dtrace: failed to enable: Enabling exceeds size limit: clause 0: 16777224 bytes of aggregation key and value, over the limit of 16777216
256 keys: exit 1
