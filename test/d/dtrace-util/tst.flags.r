-A -B -X: traced

exit 0
-b 64k: traced

exit 0
-f: syscall openat entry
-f: syscall openat return
-m: dtrace BEGIN
-m: dtrace END
-m: dtrace ERROR
-f fired

exit 0
-o: exit 0
kept
appended

-S lines: 1
-I: 42

exit 0
-H names hdr.h: 1
--help: exit 0
Usage: dtrace [-aAeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]
