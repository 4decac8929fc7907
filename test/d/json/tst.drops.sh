# ASSERTION: under -x oformat=json every message dtrace prints on stderr
# while tracing is an object on the output instead, with the same text as
# its "message" and its facts as members: principal, aggregation,
# dynamic-variable and speculative drops and failed speculations ("drop":
# count, kind as the droptags tag, cpu for a buffer's drops); an error
# on an enabled probe ("error": cpu, epid, id, the probe's names, fault,
# address, action, DIF offset); a freopen() that fails ("error" with
# its path); "pid N has exited" ("notice" with the pid). Nothing is left
# on stderr, and the messages are those of the text run of the program.
# @@timeout: 400
D=$1
. "$(dirname "$0")/json_lib.sh"
n=0
# run NAME ARGS...: the JSON run and the text run of the same command,
# under -q unless q is set empty.
run() {
	name=$1
	shift
	$D ${q--q} -x oformat=json "$@" >$dir/$name.json 2>$dir/$name.jerr || { echo "$name: json run failed"; cat $dir/$name.jerr; exit 1; }
	$D ${q--q} "$@" >/dev/null 2>$dir/$name.txt || { echo "$name: text run failed"; cat $dir/$name.txt; exit 1; }
	# "matched N probes", printed before tracing without -q, is left out.
	for f in $dir/$name.jerr $dir/$name.txt; do
		grep -v "^dtrace: description '.*' matched [0-9]* probes*$" $f >$f.rest
		mv $f.rest $f
	done
	[ -s $dir/$name.jerr ] && { echo "$name: stderr under JSON:"; cat $dir/$name.jerr; exit 1; }
	json_queue same-notices $dir/$name.json $dir/$name.txt
}
run principal -x bufsize=4k -x strsize=2048 -n 'BEGIN { trace(""); } BEGIN { trace(""); } BEGIN { trace(""); } tick-1s { exit(0); }'
run agg -x aggsize=1 -n 'BEGIN { @ = count(); exit(0); }'
run dyn -x dynvarsize=128 -n 'BEGIN { a[1] = 1; a[2] = 2; a[3] = 3; exit(0); }'
run spec -x specsize=64 -x strsize=128 -n 'BEGIN { s = speculation(); } BEGIN { speculate(s); printf("%d", 42); }
	BEGIN { speculate(s); printf("%s", "this string needs the whole 128-byte record and cannot fit"); }
	BEGIN { commit(s); } BEGIN { exit(0); }'
run unavail -x nspec=1 -n 'BEGIN { a = speculation(); b = speculation(); exit(0); }'
run fault -n 'BEGIN { trace(*(int *)8); } BEGIN { exit(0); }'
run freopen -w -n 'BEGIN { freopen("/nonexistent/dir/f"); printf("still"); exit(0); }'
# -q silences "pid N has exited", as DTrace's notices are.
q= run exited -c /bin/true -n 'BEGIN { }'

drop='[o for o in objs if o["type"] == "drop"]'
err='[o for o in objs if o["type"] == "error"]'
json_expect principal "len($drop) == 1 and $drop[0]['kind'] == 'DTRACEDROP_PRINCIPAL' and $drop[0]['count'] == 2 and $drop[0]['message'] == '2 drops on CPU %d' % $drop[0]['cpu']"
json_expect agg "len($drop) == 1 and $drop[0]['kind'] == 'DTRACEDROP_AGGREGATION' and $drop[0]['message'] == '%d aggregation drop%s on CPU %d' % ($drop[0]['count'], 's' if $drop[0]['count'] > 1 else '', $drop[0]['cpu'])"
json_expect dyn "[(o['kind'], o['count'], o['message']) for o in $drop] == [('DTRACEDROP_DYNAMIC', 1, '1 dynamic variable drop')]"
json_expect spec "[(o['kind'], o['count'], o['message']) for o in $drop] == [('DTRACEDROP_SPEC', 1, '1 speculative drop')]"
json_expect unavail "[(o['kind'], o['count']) for o in $drop] == [('DTRACEDROP_SPECUNAVAIL', 1)] and 'cpu' not in $drop[0]"
json_expect fault "len($err) == 1 and {k: v for k, v in $err[0].items() if k not in ('cpu', 'epid', 'id', 'offset', 'message')} == {'type': 'error', 'provider': 'dtrace', 'module': '', 'function': '', 'name': 'BEGIN', 'fault': 'DTRACEFLT_BADADDR', 'address': 8, 'action': 1}"
json_expect fault "$err[0]['message'] == 'error on enabled probe ID %d (ID %d: dtrace:::BEGIN): invalid address (0x8) in action #1 at DIF offset %d' % ($err[0]['epid'], $err[0]['id'], $err[0]['offset'])"
json_expect freopen "len($err) == 1 and $err[0]['path'] == '/nonexistent/dir/f' and $err[0]['message'].startswith('failed to freopen /nonexistent/dir/f: ') and objs[1]['output'][0]['message'] == 'still'"
json_expect exited "[o for o in objs if o['type'] == 'notice'] == [{'type': 'notice', 'pid': objs[-2]['pid'], 'message': 'pid %d has exited' % objs[-2]['pid']}] and objs[-1] == {'type': 'exit', 'status': 0}"
json_run_checks
