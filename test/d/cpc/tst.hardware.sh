# ASSERTION: a hardware counter probe either fires or, on a CPU without
# that counter (the QEMU TCG guest has no PMU), the enabling fails with
# a plain "Operation not supported" and exit status 1.
# @@timeout: 60
out=$("$1" -q -n 'cpc:::cpu-cycles-kernel-100000 { printf("fired\n"); exit(0); }' 2>&1)
rc=$?
case "$rc:$out" in
0:fired) echo ok ;;
1:*"Operation not supported"*) echo ok ;;
*) echo "rc $rc: $out" ;;
esac
