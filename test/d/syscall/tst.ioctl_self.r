entries: 1
returns: 1
arg0 == arg1: 1
