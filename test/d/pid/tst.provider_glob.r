pidPID:add_args:entry 1
pidPID:add_args:entry 2
pidPID:add_args:entry 3

exit 0
