# ASSERTION: under -x oformat=json ustack() and jstack() are arrays of
# frames and usym(), umod(), uaddr(), ufunc() their text, and rebuilt into text the records
# equal the text output of the same program on the same command.
# Both runs go without address randomisation (setarch -R, inherited by the
# -c child): /bin/true is stripped, so its frame prints as an address.
# @@timeout: 180
D=$1
dir=$(mktemp -d)
prog='pid$target::exit:entry { ustack(); usym(ucaller); umod(ucaller); uaddr(ucaller); ufunc(ucaller); jstack(); exit(0) }'
setarch -R $D -q -x oformat=json -c /bin/true -n "$prog" >$dir/u.json || exit 1
setarch -R $D -q -c /bin/true -n "$prog" >$dir/u.txt || exit 1
python3 $(dirname $0)/json_check.py same-text $dir/u.json $dir/u.txt :: \
	'[r["kind"] for r in objs[0]["output"]] == ["ustack", "usym", "umod", "uaddr", "usym", "jstack", "exit"] and len(objs[0]["output"][0]["value"]) > 0' $dir/u.json
