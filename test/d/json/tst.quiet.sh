# ASSERTION: -q changes nothing in the JSON output: the same objects with
# and without it (a firing with no records included, which text -q does
# not show); without -q only the "matched" line goes to stderr, with -q
# nothing does. "pid N has exited", which -q silences in the text output,
# stays a notice object in JSON under -q.
# @@timeout: 180
D=$1
dir=$(mktemp -d)
prog='BEGIN { } BEGIN { printf("%d", 7); trace("x"); } BEGIN { exit(0); }'
$D -q -x oformat=json -n "$prog" >$dir/q.json 2>$dir/q.err || exit 1
$D -x oformat=json -n "$prog" >$dir/nq.json 2>$dir/nq.err || exit 1
[ -s $dir/q.err ] && { echo "stderr under -q:"; cat $dir/q.err; exit 1; }
grep -q "^dtrace: description 'BEGIN ' matched [0-9]* probes*$" $dir/nq.err && ! grep -v "matched" $dir/nq.err ||
	{ echo "stderr without -q:"; cat $dir/nq.err; exit 1; }
shape='[{k: v for k, v in o.items() if k not in ("timestamp", "cpu")} for o in objs]'
want='[{"type": "probe", "id": 1, "provider": "dtrace", "module": "", "function": "", "name": "BEGIN", "output": o} for o in ([], [{"kind": "printf", "message": "7", "args": [7]}, {"kind": "trace", "value": "x"}], [{"kind": "exit", "status": 0}])] + [{"type": "exit", "status": 0}]'
python3 $(dirname $0)/json_check.py "$shape == $want" $dir/q.json :: "$shape == $want" $dir/nq.json
$D -q -x oformat=json -c /bin/true -n 'BEGIN { }' >$dir/c.json 2>$dir/c.err || exit 1
$D -q -c /bin/true -n 'BEGIN { }' >/dev/null 2>$dir/c.txt || exit 1
[ -s $dir/c.txt ] && { echo "text stderr under -q:"; cat $dir/c.txt; exit 1; }
python3 $(dirname $0)/json_check.py \
	"[o['type'] for o in objs] == ['probe', 'notice', 'exit'] and objs[1]['message'] == 'pid %d has exited' % objs[1]['pid']" $dir/c.json
