dtrace: failed to enable 'SCRIPT': Enabling exceeds size limit: clause 0: 4294967296 bytes of record data, over the limit of 16777216
fresh

