BEGIN, Stable/Stable: exit 0
dtrace: invalid probe specifier BEGIN { }: [D_ATTR_MIN] attributes for probe description :::BEGIN (Stable/Stable/Common) are less than predefined minimum
BEGIN, Stable (Stable/Standard/Common): exit 1
syscall, Evolving/Evolving/Common: exit 0
syscall::read, unstable/unstable/isa: exit 0
dtrace: invalid probe specifier syscall::read:entry { }: [D_ATTR_MIN] attributes for probe description syscall::read:entry (Unstable/Unstable/ISA) are less than predefined minimum
syscall::read, Evolving: exit 1
dtrace: failed to compile script script: [D_ATTR_MIN] line 2: attributes for probe description profile:::tick-1s (Evolving/Evolving/Common) are less than predefined minimum
pragma: exit 1
dtrace: failed to set -x amin: Invalid value for specified option
amin=Solid: exit 1
dtrace: failed to set -x amin: Invalid value for specified option
amin=Stable/Stable/Common/Common: exit 1
dtrace: failed to set -x amin: Invalid value for specified option
amin=Stable/Nothing: exit 1
dtrace: failed to set -x amin: Invalid value for specified option
amin=: exit 1
