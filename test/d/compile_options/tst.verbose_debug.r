verbose = -S
verbose printed DIF
neither: exit 0
libdtrace DEBUG: set option debug
libdtrace DEBUG: set option late=dynamic
libdtrace DEBUG: compiled program 0: 1 clause(s), 1 DIF object(s)
libdtrace DEBUG: compiled program 1: 1 clause(s), 0 DIF object(s)
debug: exit 0
dtrace: failed to set -x late: Invalid value for specified option
late=sometimes: exit 1
