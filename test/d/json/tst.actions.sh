# ASSERTION: under -x oformat=json every firing is one JSON line with the
# probe's id, names, CPU and timestamp and its records in order, each with
# its kind: trace() values typed, printf() text and arguments, stack() as
# frames, sym()/mod() as text, tracemem() as bytes, print() of a struct as
# an object of its members, exit() with its status; rebuilt into text, the
# records equal the text output of the same program. Strings stay valid
# UTF-8 (control bytes escaped, invalid bytes replaced and flagged), 64-bit
# values above 2^53 are strings, and the exit status is an object too.
# @@timeout: 180
D=$1
. "$(dirname "$0")/json_lib.sh"
same='BEGIN { trace(1); trace(-5); trace("tab\there"); printf("%d %s|%u\n", 42, "x", 7);
	stack(); sym((uint64_t)&`vfs_read); mod((uint64_t)&`vfs_read); exit(0) }'
$D -q -x oformat=json -n "$same" >$dir/same.json || exit 1
$D -q -n "$same" >$dir/same.txt || exit 1

more='BEGIN { tracemem(&curthread->se.load, 8); print(curthread->se.load);
	trace((uint64_t)0xffffffffffffffff); trace(1ll << 53); printf("caf\303\251 \377 \001"); exit(3) }'
$D -x oformat=json -n "$more" >$dir/more.json 2>$dir/more.err
rc=$?
[ $rc -eq 3 ] || { echo "exit status $rc, want 3"; cat $dir/more.err; exit 1; }

json_queue same-text $dir/same.json $dir/same.txt
json_expect same 'all(o["type"] == "probe" and o["provider"] == "dtrace" and o["name"] == "BEGIN" and o["module"] == "" and o["function"] == "" and isinstance(o["id"], int) and isinstance(o["cpu"], int) and o["timestamp"] > 0 for o in objs[:-1])'
json_expect same '[r["kind"] for r in objs[0]["output"]] == ["trace", "trace", "trace", "printf", "stack", "sym", "mod", "exit"]'
json_expect same 'objs[0]["output"][3]["args"] == [42, "x", 7] and objs[0]["output"][0]["value"] == 1 and objs[0]["output"][1]["value"] == -5'
json_expect same 'all(isinstance(f["address"], (int, str)) and "symbol" in f for f in objs[0]["output"][4]["value"])'
json_expect same 'objs[-1] == {"type": "exit", "status": 0}'
json_expect more '[r["kind"] for r in objs[0]["output"]] == ["tracemem", "print", "trace", "trace", "printf", "exit"]'
json_expect more 'len(objs[0]["output"][0]["bytes"]) == 8 and objs[0]["output"][1]["type"] == "struct load_weight"'
json_expect more 'objs[0]["output"][1]["value"]["weight"] == 0x100000 and objs[0]["output"][1]["value"]["inv_weight"] == 0x400000'
json_expect more 'objs[0]["output"][2]["value"] == "18446744073709551615" and objs[0]["output"][3]["value"] == 9007199254740992'
json_expect more 'objs[0]["output"][4]["message"] == "caf\u00e9 \ufffd \u0001" and objs[0]["output"][4]["message-invalid-utf8"] is True'
json_expect more 'objs[0]["output"][5] == {"kind": "exit", "status": 3} and objs[-1] == {"type": "exit", "status": 3}'
json_run_checks
