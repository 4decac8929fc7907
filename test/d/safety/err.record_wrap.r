dtrace: failed to enable 'SCRIPT': Enabling exceeds size limit: clause 0: 65537 actions, over the limit of 65536
fresh

