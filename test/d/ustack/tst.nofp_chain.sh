# ASSERTION: through a shared library and a program built without frame
# pointers, ustack() gives the whole chain lib_work <- b <- a <- main
# (unwound from the stack bytes the module copies, with each object's
# call-frame information) under profile, syscall, sched and pid probes,
# glibc's usleep named between lib_work and the system call (the
# profile samples from 0.5 s on, after the dynamic linker's work); and
# so does the default -x ustackbytes (8k), without the option.
# @@timeout: 120
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/nofp.sh"
"$dtrace" -q -x ustackbytes=8k -c "$prog 0" -n '
BEGIN { start = timestamp; }
profile-997 /pid == $target && arg1 != 0 && timestamp - start > 500000000/ {
	ustack(); exit(0); }' 2>&1 | chain_ok profile
dt_ok "${PIPESTATUS[0]}" "dtrace (profile)"
"$dtrace" -q -x ustackbytes=8k -c "$prog 1" -n '
syscall::*nanosleep:entry /pid == $target/ { ustack(); exit(0); }' 2>&1 | chain_ok syscall glibc
dt_ok "${PIPESTATUS[0]}" "dtrace (syscall)"
"$dtrace" -q -x ustackbytes=8k -c "$prog 1" -n '
syscall::*nanosleep:entry /pid == $target/ { self->sleeps = 1; }
sched:::off-cpu /self->sleeps/ { ustack(); exit(0); }' 2>&1 | chain_ok sched glibc
dt_ok "${PIPESTATUS[0]}" "dtrace (sched)"
"$dtrace" -q -x ustackbytes=8k -c "$prog 0" -n '
pid$target:libnofp.so:lib_work:entry { ustack(); exit(0); }' 2>&1 | chain_ok pid
dt_ok "${PIPESTATUS[0]}" "dtrace (pid)"
"$dtrace" -q -c "$prog 1" -n '
syscall::*nanosleep:entry /pid == $target/ { ustack(); exit(0); }' 2>&1 | chain_ok default glibc
dt_ok "${PIPESTATUS[0]}" "dtrace (default)"
