# ASSERTION: -x defaultargs makes unset macro arguments 0 ($1) and ""
# ($$2); without it they are an error. -x zdefs and -Z let a description
# that matches nothing through while the others trace.
dtrace=$1
"$dtrace" -q -x defaultargs -n 'BEGIN { printf("[%d] [%s]\n", $1, $$2); exit(0); }'
echo "defaultargs: exit $?"
"$dtrace" -q -n 'BEGIN { printf("[%d]\n", $1); exit(0); }' > /dev/null 2>&1
echo "no defaultargs: exit $?"
"$dtrace" -q -x zdefs -n 'nosuchprovider:::nosuchprobe { exit(1); }' -n 'BEGIN { printf("zdefs ok\n"); exit(0); }'
echo "zdefs: exit $?"
"$dtrace" -q -Z -n 'nosuchprovider:::nosuchprobe { exit(1); }' -n 'BEGIN { printf("-Z ok\n"); exit(0); }'
echo "-Z: exit $?"
"$dtrace" -q -n 'nosuchprovider:::nosuchprobe { exit(1); }' -n 'BEGIN { exit(0); }' > /dev/null 2>&1
echo "no zdefs: exit $?"
