dtrace BEGIN
fired, id matches: 1

exit 0
exit 1
-- @@stderr --
dtrace: failed to match 99999999: No probe matches description
