iregs=16: exit 0
iregs=6: exit 0
dtrace: invalid probe specifier BEGIN { x = 1; trace(x + (x + (x + (x + x)))); }: Insufficient registers to generate code
iregs=5: exit 1
dtrace: invalid probe specifier BEGIN { x = 1; trace(x + (x + (x + (x + x)))); }: Insufficient registers to generate code
iregs=4: exit 1
tregs=8: exit 0
tregs=4: exit 0
dtrace: invalid probe specifier BEGIN { a[1, 2, 3, 4] = 1; }: Insufficient tuple registers to generate code
tregs=3: exit 1
dtrace: failed to set -x iregs: Invalid value for specified option
iregs=0: exit 1
dtrace: failed to set -x iregs: Invalid value for specified option
iregs=17: exit 1
dtrace: failed to set -x tregs: Invalid value for specified option
tregs=0: exit 1
dtrace: failed to set -x tregs: Invalid value for specified option
tregs=9: exit 1
dtrace: failed to set -x iregs: Invalid value for specified option
iregs=x: exit 1
