# ASSERTION: hostile but legal D programs (test/fuzz/adversarial.py, a
# fixed draw of its cases: huge clauses and keys, worst-case string work
# on strsize=65536, deep ternaries, many aggregations and speculations,
# run-time options at 0, 1, 2^31, 2^32, 2^63 and 2^64-1) each end with a
# correct run or a clear "dtrace:" error, and a fresh dtrace works after
# each. The whole set: test/fuzz/README.md.
# @@timeout: 300
top=$(cd "$(dirname "$1")/.." && pwd)
out=/tmp/adversarial.$$
python3 "$top/test/fuzz/adversarial.py" --dtrace "$1" --seed 1 --cases 16 --max-time 90 > "$out" 2>&1
rc=$?
[ $rc = 0 ] || grep -vE '^(ok|error) ' "$out" | head -n 30 >&2
rm -f "$out"
exit $rc
