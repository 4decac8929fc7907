dtrace: illegal option -- K
Usage: dtrace [-aAeFHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]
