# ASSERTION: a loaded module's functions are fbt probes named after the
# module (null_blk, loaded for the test), entry and return, matched by
# module globs and by descriptions without a module; vmlinux does not
# have them; dtrace -lv types their args[] from the module's BTF.
# @@timeout: 120
. "$(dirname "$0")/../lib/status.sh"
. "$(dirname "$0")/../io/nullb.sh"
"$1" -l -n 'fbt:null_blk:null_queue_rq:' | awk 'NR > 1 { $1 = ""; print }'
dt_ok "${PIPESTATUS[0]}" "dtrace -l fbt:null_blk:null_queue_rq:"
"$1" -l -n 'fbt:null_b*:null_complete_rq:entry' -n 'fbt::null_free_page:return' |
	awk 'NR > 1 { $1 = ""; print }'
dt_ok "${PIPESTATUS[0]}" "dtrace -l fbt:null_b*:null_complete_rq:entry"
"$1" -l -n 'fbt:vmlinux:null_queue_rq:entry' 2>&1
n=$(set -o pipefail; "$1" -l -n 'fbt:null_blk::entry' | awk 'NR > 1 && $3 == "null_blk"' | wc -l)
dt_ok $? "dtrace -l fbt:null_blk::entry"
echo "null_blk functions: $((n > 50))"
"$1" -lv -n 'fbt:null_blk:null_queue_rq:entry' | grep 'args\['
dt_ok "${PIPESTATUS[0]}" "dtrace -lv fbt:null_blk:null_queue_rq:entry"
"$1" -lv -n 'fbt:null_blk:null_queue_rq:return' | grep 'args\['
dt_ok "${PIPESTATUS[0]}" "dtrace -lv fbt:null_blk:null_queue_rq:return"
