Usage: dtrace [-aAeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]
	[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]
exit 0
dtrace (DTrace for Linux) 0.1.0, commit C
Linux D 1.0
exit 0
dtrace: unrecognized option '--bogus'
Usage: dtrace [-aAeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]
exit 2
dtrace: Linux D 1.0
dtrace: DTrace for Linux 0.1.0, commit C
exit 0
