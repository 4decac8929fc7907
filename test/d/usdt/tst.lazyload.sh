# ASSERTION: an application linked with the object of dtrace -G -x
# lazyload registers nothing when it starts (a full dtrace -l shows none
# of its probes, where the usual object's constructor made them); dtrace
# -p and -c still find its probes, from its .note.stapsdt notes.
# @@timeout: 150
. "$(dirname "$0")/usdt_lib.sh"
listed() { "$dtrace" -l | awk -v p="testapp$1" '$2 == p' | wc -l; }
lazy=${app}_lazy
for a in "$app" "$lazy"; do
	"$a" 100000 50 > /dev/null &
	p=$!
	for i in $(seq 600); do
		[ "$(sed 's/.*) \(.\).*/\1/' "/proc/$p/stat")" = S ] && break
		sleep 0.1
	done
	sleep 1
	n=$(listed $p)
	echo "${a##*/}: probes listed before tracing: $([ "$n" -gt 0 ] && echo some || echo none)"
	"$dtrace" -q -p $p -n 'testapp$target:::query-start { printf("-p: query-start %s\n", copyinstr(arg1) != "" ? "fired" : "empty"); exit(0); }' 2> /dev/null
	echo "-p: exit $?"
	kill $p
	wait $p 2> /dev/null
done
# (usdt_app's own last line, "tick enabled 0 times", left out: it races dtrace's output)
"$dtrace" -q -c "$lazy 3 0" -n 'testapp$target:::query-start { printf("query-start %d %s\n", arg0, copyinstr(arg1)); }' 2> /dev/null |
	grep -v '^tick enabled'
echo "-c: exit ${PIPESTATUS[0]}"
