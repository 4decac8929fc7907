# ASSERTION: a drain that prints for longer than the module's deadman
# waits for STATUS (30 s) keeps the session alive: 20000 JSON lines read
# by a slow reader (80 KB/s, about 40 s) all arrive, tracing goes on to
# the target's exit, and nothing is aborted ("Abort due to systemic
# unresponsiveness" once ended a JSON session that printed a full buffer
# in the guest, from then on silent).
# @@timeout: 400
D=$1
dir=$(mktemp -d)
n=20000
echo "dd if=/dev/zero of=/dev/null bs=1 count=$n status=none; sleep 50" >$dir/target.sh
$D -q -x oformat=json -x switchrate=5s -c "sh $dir/target.sh" \
	-n 'syscall::write:entry /execname == "dd" && arg2 == 1/ { printf("%d", arg2); }' 2>$dir/err |
	python3 -c '
import sys, time
out = open(sys.argv[1], "wb")
while True:
    b = sys.stdin.buffer.raw.read(4096)
    if not b:
        break
    out.write(b)
    time.sleep(0.05)
' $dir/out
rc=${PIPESTATUS[0]}
[ $rc -eq 0 ] || { echo "exit status $rc"; cat $dir/err; tail -3 $dir/out; exit 1; }
[ -s $dir/err ] && { echo "stderr:"; cat $dir/err; exit 1; }
python3 $(dirname $0)/json_check.py \
	"sum(1 for o in objs if o['type'] == 'probe' and o['output'] == [{'kind': 'printf', 'message': '1', 'args': [1]}]) == $n" $dir/out :: \
	"[o['type'] for o in objs if o['type'] != 'probe'] == ['notice', 'exit']" $dir/out
