hello from the C API
@calls[BEGIN, 1] = 1
@total = 42
  BEGIN                                                     1                1
               42
output bytes 21, exit status 3
rc=0
rc=1
-- @@stderr --
capi_example: 1 probe
capi_example: line 1: failed to resolve nosuchfunc: Unknown function name
