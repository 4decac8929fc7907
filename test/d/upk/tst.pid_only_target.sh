# ASSERTION: a pid probe fires only in the process it was made for, not
# in another process running the same code; dtrace -l lists it as
# pid<PID>:<module>:<function>:<name> (the whole list: -l -n pid<PID>:::
# would create every probe of the process, as DTrace does).
# @@timeout: 90
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/upk_lib.sh"
upk_target t1
upk_target t2
upk_probes "$t1" entry
"$dtrace" -l | awk -v p="pid$t1" '$2 == p { print $2, $3, $4, $5 }' |
	sed "s/$t1/PID/"
dt_ok "${PIPESTATUS[0]}" "dtrace -l"
"$dtrace" -q -n "
pid$t1:upk_probe:upk_add:entry { @[pid == $t1 ? \"target\" : \"other\"] = max(1); }
tick-1s /++n == 3/ { exit(0); }
END { printa(\"fired in %s %@d\n\", @); }"
