dtrace: failed to enable 'PROG': Enabling exceeds size limit: clause 1 may cost N units per firing, above the budget of 1048576 (fewer or shorter strings)
exit 1
alive

