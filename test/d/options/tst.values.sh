# ASSERTION: option values take DTrace's syntax: sizes with k/m/g/t
# (either case), times with ns/nsec/us/usec/ms/msec/s/sec/m/min/h/hour/
# d/day or hz (a plain number is nanoseconds); booleans alone or with
# yes/no and friends; anything else is refused (exit 1).
# @@timeout: 150
dtrace=$1
for v in bufsize=4096 bufsize=8k bufsize=8K bufsize=2m bufsize=1g bufsize=1t \
	switchrate=10hz switchrate=5ms switchrate=250us switchrate=1000000ns \
	switchrate=1s switchrate=2sec aggrate=1min cleanrate=101hz statusrate=1nsec \
	aggrate=3usec aggrate=7msec cleanrate=1h cleanrate=1hour cleanrate=1d cleanrate=1day \
	quiet quiet=yes quiet=no quiet=on quiet=off quiet=true quiet=false quiet=enable quiet=disabled \
	bufpolicy=switch bufpolicy=fill bufpolicy=ring bufresize=auto bufresize=manual \
	encoding=ascii encoding=utf8 \
	bufsize=8kb bufsize=k switchrate=0hz switchrate=5parsecs bufresize=sometimes \
	encoding=ebcdic nspec=0 stackframes=x; do
	"$dtrace" -e -x "$v" -n 'BEGIN { exit(0); }' > /dev/null 2>&1
	echo "$v: $?"
done
