# ASSERTION: the actions tst.actions, tst.aggs and tst.user leave out,
# under -x oformat=json, with the values of the text output of the same
# program: func(), speculation()/speculate()/commit()/discard() (only
# the committed data prints), normalize() then denormalize() (printa()
# shows the raw value), and the destructive actions that print nothing
# (copyout(), copyoutstr(), chill(), raise(), stop(); system() resumes
# the stopped process). breakpoint() and panic() are not run.
# @@timeout: 300
D=$1
dir=$(mktemp -d)
k='BEGIN { func((uint64_t)&`vfs_read); s = speculation(); d = speculation(); }
	BEGIN { speculate(s); printf("kept %d\n", 1); }
	BEGIN { speculate(d); printf("dropped\n"); }
	BEGIN { commit(s); }
	BEGIN { discard(d); }
	BEGIN { @n = sum(10); normalize(@n, 2); denormalize(@n); printa("%@d\n", @n); exit(0); }'
$D -q -x oformat=json -n "$k" >$dir/k.json || exit 1
$D -q -n "$k" >$dir/k.txt || exit 1
u='syscall::write:entry /pid == $target/ { this->b = alloca(1); copyout(this->b, arg1, 1);
	copyoutstr("", arg1, 1); chill(1000); raise(18); stop(); system("kill -CONT %d", pid); printf("w %d\n", arg2); }'
cmd="dd if=/dev/zero of=/dev/null bs=3 count=1 status=none"
$D -w -q -x oformat=json -c "$cmd" -n "$u" >$dir/u.json || exit 1
$D -w -q -c "$cmd" -n "$u" >$dir/u.txt || exit 1
kinds='[[r["kind"] for r in o["output"]] for o in objs if o["type"] == "probe"]'
python3 $(dirname $0)/json_check.py same-text $dir/k.json $dir/k.txt :: same-text $dir/u.json $dir/u.txt :: \
	"$kinds == [['sym'], [], ['printf'], [], ['printa', 'exit']]" $dir/k.json :: \
	"objs[2]['output'][0]['message'] == 'kept 1\n' and objs[4]['output'][0]['message'] == '10\n'" $dir/k.json :: \
	"objs[4]['output'][0]['aggregations'][0]['aggregation-data'] == [{'keys': [], 'value': 10}]" $dir/k.json :: \
	"$kinds == [['system', 'printf']] and objs[0]['output'][1]['message'] == 'w 3\n'" $dir/u.json
