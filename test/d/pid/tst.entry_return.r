entry pidPID:pid-calls:add_args:entry 1 10
entry pidPID:pid-calls:add_args:entry 2 20
entry pidPID:pid-calls:add_args:entry 3 30
return 11
return 22
return 33
exit 0

