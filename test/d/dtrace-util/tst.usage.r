dtrace: illegal option -- K
Usage: dtrace [-aAeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]
