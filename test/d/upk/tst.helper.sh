# ASSERTION: a process registers a helper program (DTRACEHIOC_ADDPROG,
# no privileges needed): provider upkh<pid> appears with probe
# upk_probe:main:tick, whose call site runs only while the is-enabled
# site says so and whose arg0 is the first argument register; PROBEARG
# gives the program's native types; DTRACEHIOC_REMOVE of the generation
# takes the probes away.
# @@timeout: 90
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/upk_lib.sh"
upk_target t helper
echo "generation: $(sed -n 's/^ready //p' /tmp/upk.$$.t)"
"$dtrace" -l -n "upkh$t:::" | awk 'NR > 1 { print $2, $3, $4, $5 }' | sed "s/$t/PID/"
dt_ok "${PIPESTATUS[0]}" "dtrace -l upkh$t:::"
"$upk" probeargs "upkh$t" tick
"$dtrace" -q -n "upkh$t:::tick { printf(\"tick: arg0 < 0 %d\n\", (int)arg0 < 0); exit(0); }"
echo "dtrace exit: $?"
kill -USR1 "$t"
upk_wait grep -q remove /tmp/upk.$$.t
grep remove /tmp/upk.$$.t
# -l exits 0 when a description matches nothing, as DTrace's does.
echo "listed after remove: $("$dtrace" -l -n "upkh$t:::" 2>/dev/null | awk 'NR > 1' | wc -l)"
