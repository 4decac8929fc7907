# ASSERTION: under -x oformat=json an error on an enabled probe is an
# object on the output with the message text output prints on stderr;
# -o file and freopen() write JSON lines as they write text; a refused
# setopt() is an error object; system() and ftruncate() are records.
# @@timeout: 180
D=$1
. "$(dirname "$0")/json_lib.sh"
prog='BEGIN { trace(*(int *)8); } BEGIN { exit(0) }'
$D -q -x oformat=json -n "$prog" >$dir/err.json 2>$dir/err.stderr || exit 1
$D -q -n "$prog" >/dev/null 2>$dir/err.txt || exit 1
msg=$(grep 'error on enabled probe' $dir/err.txt | sed 's/^dtrace: //')
[ -n "$msg" ] || { echo "no error in text mode"; cat $dir/err.txt; exit 1; }
grep -q 'error on enabled probe' $dir/err.stderr && { echo "error also on stderr"; exit 1; }

$D -q -x oformat=json -o $dir/o.json -n 'BEGIN { printf("to -o"); exit(0) }' || exit 1
$D -w -q -x oformat=json -n "BEGIN { freopen(\"$dir/f.json\"); printf(\"moved\"); freopen(\"\"); printf(\"back\"); exit(0) }" >$dir/std.json || exit 1

$D -q -x oformat=json -n 'BEGIN { setopt("nosuchoption"); exit(0) }' >$dir/setopt.json || exit 1
$D -w -q -x oformat=json -n 'BEGIN { system("echo from-system"); printf("after"); exit(0) }' >$dir/sys.out || exit 1
$D -w -q -x oformat=json -o $dir/trunc.json -n 'BEGIN { printf("gone"); } BEGIN { ftruncate(); printf("kept"); exit(0) }' || exit 1
grep -q '^from-system$' $dir/sys.out || { echo "system() output missing"; cat $dir/sys.out; exit 1; }
grep -v '^from-system$' $dir/sys.out >$dir/sys.json

json_expect err 'any(o["type"] == "error" and o["message"] == __import__("os").environ["MSG"] for o in objs)'
json_expect o 'objs[0]["output"][0]["message"] == "to -o" and objs[-1]["type"] == "exit"'
json_expect f 'len(objs) == 1 and [r["kind"] for r in objs[0]["output"]] == ["printf", "freopen"] and objs[0]["output"][0]["message"] == "moved"'
json_expect std '[r["kind"] for r in objs[0]["output"]] == ["freopen"] and objs[1]["output"][0] == {"kind": "printf", "message": "back", "args": []} and objs[-1]["type"] == "exit"'
json_expect setopt 'objs[0]["output"][0] == {"kind": "setopt", "option": "nosuchoption", "value": "1"} and objs[1]["type"] == "error" and "set option" in objs[1]["message"]'
json_expect sys '[r["kind"] for r in objs[0]["output"]] == ["system", "printf", "exit"] and objs[0]["output"][0]["command"] == "echo from-system"'
json_expect trunc 'len(objs) == 2 and [r["kind"] for r in objs[0]["output"]] == ["ftruncate", "printf", "exit"]'
MSG="$msg" json_run_checks
