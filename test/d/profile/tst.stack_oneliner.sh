# ASSERTION: the canonical profile-997 { @[stack()] = count(); } prints
# kernel stacks as aggregation keys: symbolized frames (module`function
# +offset) above each count, the idle loop among them on a mostly idle
# guest, and the counts add up to about a second of samples on each of
# the two CPUs: at most 997 each (the TCG guest runs without
# high-resolution timers, hres_active 0, so a 1 ms timer fires at most
# once per 4 ms tick there: about 250 a second per CPU on a quiet host).
# The floor, 100 in all, is what a vCPU still gets when the host's other
# work leaves it a fifth of its time: a sampler that stops or fires once
# per tick-1s still fails it.
# @@timeout: 60
out=/tmp/stack_oneliner.$$
"$1" -q -n 'profile-997 { @[stack()] = count(); } tick-1s { exit(0); }' > $out
echo "exit $?"
awk '/^ +[a-z_0-9]+`[A-Za-z_0-9.]+(\+0x[0-9a-f]+)?$/ { f++ }
    /^ +[0-9]+$/ { n += $1 }
    /`(default_idle|native_safe_halt|cpu_idle|do_idle|pv_native_safe_halt)/ { idle = 1 }
    END { print "symbolized frames:", (f > 0); print "idle seen:", idle + 0;
          print "samples: about a second per CPU:", (n >= 100 && n <= 2 * 1100) }' $out
rm -f $out
