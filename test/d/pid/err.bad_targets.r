exit 1: dtrace: invalid probe specifier pid GONE:::entry: failed to grab pid GONE: No such process
exit 1: dtrace: failed to grab pid GONE: No such process
exit 1: dtrace: invalid probe specifier pid PID:libnothere.so:f:entry: probe description pid PID:libnothere.so:f:entry does not match any probes: pid PID has no module libnothere.so
exit 1: dtrace: invalid probe specifier pid$target:a.out:no_such_function:entry: probe description pid PID:pid-loop:no_such_function:entry does not match any probes
exit 1: dtrace: invalid probe specifier pid PID:a.out:tick:middle: invalid probe name "middle" for the pid provider: entry, return or a hexadecimal offset
exit 1: dtrace: invalid probe specifier pid PID:a.out:tick:10000: offset 0x10000 is beyond the end of tick
state S, probes 0
exit 1: dtrace: invalid probe specifier pid$target:a.out:main:entry: failed to look up main in pid-stripped: no symbol table
exit 1: dtrace: invalid probe specifier pid$target:pid-stripped:*:entry: failed to look up * in pid-stripped: no symbol table
state S, probes 0
