# ASSERTION: an unprivileged process's DTRACEHIOC_ADDPROG is refused at
# each helper limit of limits.h with its errno and allowed at the limit:
# the program's size (E2BIG, even 64 MiB or 2^62 bytes, and a 5 MiB
# argument-type string: refused before any allocation, so no allocator
# WARN under panic_on_warn), argument types, providers, probes, sites,
# bytes and generations per process (ENOSPC), provider names that could
# pass for another pid's or a kernel provider (EPERM: "pid12" of pid 34
# would read "pid1234"); nothing stays registered, and root's pid
# provider still traces afterwards.
# @@timeout: 300
set -o pipefail	# a pipeline fails when dtrace does
. "$(dirname "$0")/helper_lib.sh"
$nobody "$forge" checks
echo "left: $(nprobes 'forge*:::')"
"$dtrace" -q -c "$forge" -n 'pid$target:helper_forge:main:entry { printf("pid entry fired\n"); }' \
	2>&1 | grep -v '^usage' | sed 's/pid [0-9]* has/pid N has/'
