          int 0  (line 2)
default: exit 0
          int 0  (line 2)
a: exit 0
          int 1  (line 2)
c: exit 0
          int 99  (line 4)
s: exit 0
          int 0  (line 2)
t: exit 0
dtrace: failed to set -X q: Invalid value for specified option
q: exit 1
dtrace: failed to compile script /dev/stdin: line 1: failed to set option 'stdc' to 'c': Option cannot be used from within a D program
pragma: exit 1
