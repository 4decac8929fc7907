dtrace: failed to enable 'SCRIPT': Enabling exceeds size limit: clause 0: 16842752 bytes of record data, over the limit of 16777216
fresh

