rc=1
started
capi_example: 2 probes
capi_example: Abort due to systemic unresponsiveness
