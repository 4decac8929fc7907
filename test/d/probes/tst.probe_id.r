dtrace BEGIN
fired, id matches: 1

exit 0
exit 1
-- @@stderr --
dtrace: invalid probe specifier 99999999: invalid probe identifier 99999999: Unknown probe identifier
