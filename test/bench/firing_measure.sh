#!/bin/bash
# Run in the guest (test/vm/run -- bash test/bench/firing_measure.sh): doc/limits.md §2.
# Guest: time of one write() of 64 KiB under the most the per-firing budget allows
# of issue 22's clause (10), and the reproducer (20,000 clauses) refused.
dtrace=${1:-build/dtrace}
head -c 65536 /dev/zero | tr '\0' a > /tmp/a64k
prog=/tmp/m.d
{
 echo '#pragma D option strsize=65536'
 echo '#pragma D option quiet'
 echo 'syscall::write:entry /pid == $target/ { self->t = walltimestamp; }'
 for ((i = 0; i < 10; i++)); do
  echo 'syscall::write:entry /pid == $target && strlen(copyinstr(arg1)) > 1 && strlen(copyinstr(arg1)) > 1/ {}'
 done
 echo 'syscall::write:return /self->t/ { @w = max(walltimestamp - self->t); self->t = 0; }'
 echo 'END { printa("worst write ns: %@d\n", @w); }'
} > $prog
for r in 1 2 3; do
 "$dtrace" -s $prog -c "dd if=/tmp/a64k of=/dev/null bs=65536 count=1 status=none"
done
{
 echo '#pragma D option strsize=65536'
 for ((i = 0; i < 20000; i++)); do
  echo 'syscall::write:entry /pid == $target && strlen(copyinstr(arg1)) > 1 && strlen(copyinstr(arg1)) > 1/ {}'
 done
} > /tmp/r.d
s=$(date +%s.%N)
"$dtrace" -s /tmp/r.d -c "dd if=/tmp/a64k of=/dev/null bs=65536 count=1 status=none" 2>&1 | sed -E 's/^(.{300}).*/\1/'
echo "reproducer exit ${PIPESTATUS[0]} in $(echo "$(date +%s.%N) - $s" | bc) s"
