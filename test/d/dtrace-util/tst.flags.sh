# ASSERTION: the flags without a test of their own: -A, -B and -X are
# accepted (no anonymous tracing on Linux; -a: options/tst.grabanon.sh); -b sets the buffer size;
# -f and -m name probes by function and module; -o appends the output to
# a file; -S prints the DIF of each program on stderr; -C -H lists the
# included files and -I adds an include directory; --help prints the
# usage on stdout and exits 0.
# @@timeout: 60
. "$(dirname "$0")/../lib/status.sh"
dtrace=$1
tmp=/tmp/flags.$$
mkdir -p $tmp
"$dtrace" -A -B -X a -q -n 'BEGIN { printf("-A -B -X: traced\n"); exit(0); }'
echo "exit $?"
"$dtrace" -b 64k -q -n 'BEGIN { printf("-b 64k: traced\n"); exit(0); }'
echo "exit $?"
"$dtrace" -l -f syscall::openat | awk 'NR > 1 { print "-f:", $2, $4, $5 }'
dt_ok "${PIPESTATUS[0]}" "dtrace -l -f syscall::openat"
"$dtrace" -l -m dtrace: | awk 'NR > 1 { print "-m:", $2, $NF }' | sort
dt_ok "${PIPESTATUS[0]}" "dtrace -l -m dtrace:"
"$dtrace" -q -f 'syscall::getpid/pid == $target/{ printf("-f fired\n"); exit(0); }' \
	-c "$(dirname "$dtrace")/test/triggers/pid-calls"
echo "exit $?"
echo "kept" > $tmp/out
"$dtrace" -q -o $tmp/out -n 'BEGIN { printf("appended\n"); exit(0); }'
echo "-o: exit $?"
cat $tmp/out
"$dtrace" -S -e -n 'BEGIN { x = 1; }' 2>&1 | grep -c '^ *[0-9a-f][0-9a-f]*: ' | awk '{ print "-S lines:", ($1 > 0) }'
dt_ok "${PIPESTATUS[0]}" "dtrace -S -e"
echo '#define FROM_HEADER 42' > $tmp/hdr.h
printf '#include "hdr.h"\nBEGIN { printf("-I: %%d\\n", FROM_HEADER); exit(0); }\n' > $tmp/inc.d
"$dtrace" -C -H -I $tmp -q -s $tmp/inc.d 2> $tmp/err
echo "exit $?"
grep -c 'hdr.h' $tmp/err | awk '{ print "-H names hdr.h:", ($1 > 0) }'
"$dtrace" --help > $tmp/help 2> /dev/null
echo "--help: exit $?"
head -n 1 $tmp/help
rm -rf $tmp
