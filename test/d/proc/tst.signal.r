
signal-discard WINCH
signal-handle USR1 in the target
signal-send USR1 to the target
