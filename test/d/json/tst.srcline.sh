# ASSERTION: under -x oformat=json the frames of ustack() carry "file"
# and "line" where the object has DWARF line information (pid-calls is
# built with -g): a caller's frame names the line of its call, found by
# the marker comments in the program's source, not by number; frames of
# an object without line information (libc) have neither member.
# @@timeout: 60
D=$1
trig=$(dirname "$D")/test/triggers
src=$(cd "$(dirname "$0")/../../triggers" && pwd)/pid-calls.c
out=$($D -q -x oformat=json -c "$trig/pid-calls" -n 'pid$target:a.out:leaf:entry { ustack(5); }') || exit 1
for fn in middle top main; do
	want=$(grep -n "@@line $fn " "$src" | cut -d: -f1)
	got=$(printf '%s\n' "$out" | grep -o "\"symbol\":\"$fn\",\"offset\":[0-9]*,\"file\":\"[^\"]*\",\"line\":[0-9]*")
	case $got in
	*"/pid-calls.c\",\"line\":$want") echo "$fn: its call's line" ;;
	*) echo "$fn: want pid-calls.c:$want, got '$got'"
	   printf '%s\n' "$out" >&2 ;;
	esac
done
