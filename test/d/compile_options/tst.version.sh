# ASSERTION: -x version names the D version a program is written for:
# this D's own (1.0, what dtrace -V reports) is accepted; a malformed or
# too large version and one this compiler does not know are refused, by
# -x and by #pragma D option alike.
# @@timeout: 180
dtrace=$1
"$dtrace" -V | head -n 1  # the D version; the build follows it
for v in 1.0 1.0.0 1.1 2.0 1 1.x 256.0 1.4096; do
	"$dtrace" -e -x version=$v -n 'BEGIN { }' 2>&1
	echo "version=$v: exit $?"
done
printf '#pragma D option version=1.6.2\nBEGIN { }\n' > /tmp/tst.version.$$.d
"$dtrace" -e -xerrtags -s /tmp/tst.version.$$.d 2>&1 | sed 's|/tmp/tst.version.[0-9]*.d|script|'
echo "pragma: exit ${PIPESTATUS[0]}"
rm -f /tmp/tst.version.$$.d
