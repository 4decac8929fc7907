# ASSERTION: through a shared library and a program built without frame
# pointers, ustack() gives the whole chain lib_work <- b <- a <- main
# (unwound from the stack bytes the module copies, with each object's
# call-frame information) under profile, syscall, sched and pid probes,
# glibc's usleep named between lib_work and the system call.
# @@timeout: 120
# @@nosort
. "$(dirname "$0")/nofp.sh"
"$dtrace" -q -c "$prog 0" -n '
profile-997 /pid == $target && arg1 != 0/ { ustack(); exit(0); }' 2>&1 | chain_ok profile
"$dtrace" -q -c "$prog 1" -n '
syscall::*nanosleep:entry /pid == $target/ { ustack(); exit(0); }' 2>&1 | chain_ok syscall glibc
"$dtrace" -q -c "$prog 1" -n '
sched:::off-cpu /pid == $target/ { ustack(); exit(0); }' 2>&1 | chain_ok sched glibc
"$dtrace" -q -c "$prog 0" -n '
pid$target:libnofp.so:lib_work:entry { ustack(); exit(0); }' 2>&1 | chain_ok pid
