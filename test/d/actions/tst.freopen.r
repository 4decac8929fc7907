one
three

exit 0
-- /tmp/freopen.PID:
kept from before
two 2
exit 0
-- /tmp/freopen.PID after ftruncate:
after ftruncate

