# ASSERTION: aggregation keys of func() and mod() name each kernel
# function or module once (issue 28): samples at several pcs of one
# function are one entry, as in DTrace, whose consumer keys them by the
# symbol's start. A reader of /proc/kallsyms keeps the kernel busy in
# looping functions, and @p (keyed by the pc too) shows that some
# function was indeed sampled at more than one pc.
# @@timeout: 60
out=/tmp/func_keys_merge.$$
(while :; do cat /proc/kallsyms > /dev/null; done) &
load=$!
"$1" -q -n 'profile-4999 /arg0/ { @f[func(arg0)] = count(); @m[mod(arg0)] = count();
    @p[func(arg0), arg0] = count(); }
    tick-1s { exit(0); }
    END { printf("-- f\n"); printa(@f); printf("-- m\n"); printa(@m); printf("-- p\n"); printa(@p); }' > $out
echo "exit $?"
kill $load
wait $load 2> /dev/null
awk '/^-- / { s = $2; next }
    NF == 0 { next }
    s == "f" && seen_f[$1]++ { dup_f = 1 }
    s == "f" { nf++ }
    s == "m" && seen_m[$1]++ { dup_m = 1 }
    s == "m" { nm++ }
    s == "p" && !pc[$1 " " $2]++ && npcs[$1]++ { multi = 1 }
    END { print "func keys once each:", (nf > 0 && !dup_f);
          print "mod keys once each:", (nm > 0 && !dup_m);
          print "a function sampled at several pcs:", multi + 0 }' $out
rm -f $out
