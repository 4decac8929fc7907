dtrace: failed to enable: Enabling exceeds size limit: clause 0: 16777224 bytes of aggregation key and value, over the limit of 16777216
fresh

