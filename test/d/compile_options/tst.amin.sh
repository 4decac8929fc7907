# ASSERTION: -x amin sets the least stable attributes a program may use:
# a probe description less stable than that fails with D_ATTR_MIN (its
# attributes named); parts left out of the value are the most stable;
# names are matched without regard to case; other values are refused.
# @@timeout: 180
dtrace=$1
"$dtrace" -e -xerrtags -x amin=Stable/Stable -n 'BEGIN { }' 2>&1
echo "BEGIN, Stable/Stable: exit $?"
"$dtrace" -e -xerrtags -x amin=Stable -n 'BEGIN { }' 2>&1
echo "BEGIN, Stable (Stable/Standard/Common): exit $?"
"$dtrace" -e -xerrtags -x amin=Evolving/Evolving/Common -n 'BEGIN { }' -n 'syscall:::entry { }' 2>&1
echo "syscall, Evolving/Evolving/Common: exit $?"
"$dtrace" -e -xerrtags -x amin=unstable/unstable/isa -n 'syscall::read:entry { }' 2>&1
echo "syscall::read, unstable/unstable/isa: exit $?"
"$dtrace" -e -xerrtags -x amin=Evolving -n 'syscall::read:entry { }' 2>&1
echo "syscall::read, Evolving: exit $?"
printf '#pragma D option amin=Stable\nprofile:::tick-1s { }\n' > /tmp/tst.amin.$$.d
"$dtrace" -e -xerrtags -s /tmp/tst.amin.$$.d 2>&1 | sed 's|/tmp/tst.amin.[0-9]*.d|script|'
echo "pragma: exit ${PIPESTATUS[0]}"
rm -f /tmp/tst.amin.$$.d
for bad in Solid Stable/Stable/Common/Common Stable/Nothing ""; do
	"$dtrace" -e -x amin=$bad -n 'BEGIN { }' 2>&1
	echo "amin=$bad: exit $?"
done
