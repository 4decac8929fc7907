compile: exit 0
== d container
int (format 0x1) (size 0x4)
struct dtrace_test_point (size 0x18)
[0x0] x: int (format 0x1) (size 0x4)
[0x40] y: long (format 0x1) (size 0x8)
[0x80] name: char [8] (size 0x8)
dtrace_test_point_t (size 0x18) -> struct dtrace_test_point (size 0x18)
enum dtrace_test_color (size 0x4)
RED: 1
GREEN: 2
== c container
int (format 0x1) (size 0x4)
struct inode (kernel size)
