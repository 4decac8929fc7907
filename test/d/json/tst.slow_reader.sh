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
# The target lives on until the reader has all n records (at most 120 s),
# so the long drain ends while tracing is active and dtrace asks STATUS
# after it; a fixed "sleep 50" outlived the drain by about 30 s.
cat >$dir/target.sh <<EOF
dd if=/dev/zero of=/dev/null bs=1 count=$n status=none
i=0
while [ ! -e $dir/done ] && [ \$i -lt 600 ]; do sleep 0.2; i=\$((i + 1)); done
EOF
$D -q -x oformat=json -x switchrate=5s -c "sh $dir/target.sh" \
	-n 'syscall::write:entry /execname == "dd" && arg2 == 1/ { printf("%d", arg2); }' 2>$dir/err |
	python3 -c '
import sys, time
out = open(sys.argv[1], "wb")
# Probe objects seen, counted across reads (a line may end only when the
# next output starts); tail holds less than one pattern.
pat = b"{\"type\":\"probe\""
seen, tail = 0, b""
while True:
    b = sys.stdin.buffer.raw.read(4096)
    if not b:
        break
    out.write(b)
    data = tail + b
    seen += data.count(pat)
    tail = data[-(len(pat) - 1):]
    if seen >= int(sys.argv[3]):
        open(sys.argv[2], "w").close()
    time.sleep(0.05)
' $dir/out $dir/done $n
rc=${PIPESTATUS[0]}
[ $rc -eq 0 ] || { echo "exit status $rc"; cat $dir/err; tail -3 $dir/out; exit 1; }
[ -s $dir/err ] && { echo "stderr:"; cat $dir/err; exit 1; }
python3 $(dirname $0)/json_check.py \
	"sum(1 for o in objs if o['type'] == 'probe' and o['output'] == [{'kind': 'printf', 'message': '1', 'args': [1]}]) == $n" $dir/out :: \
	"[o['type'] for o in objs if o['type'] != 'probe'] == ['notice', 'exit']" $dir/out
