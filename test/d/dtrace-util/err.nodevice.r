-- @@stderr --
dtrace: failed to initialize dtrace: DTrace device not available on system (/dev/dtrace is missing: the dtrace module is loaded but /dev/dtrace was not created: is devtmpfs mounted on /dev?)
