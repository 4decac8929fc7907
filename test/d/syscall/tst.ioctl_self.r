entries and returns seen
arg0 == arg1: 1

