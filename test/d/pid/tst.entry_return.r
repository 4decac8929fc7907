entry pidPID:pid-calls:add_args:entry 1 10
return 11
entry pidPID:pid-calls:add_args:entry 2 20
return 22
entry pidPID:pid-calls:add_args:entry 3 30
return 33

exit 0
