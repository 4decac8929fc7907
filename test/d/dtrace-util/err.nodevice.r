-- @@stderr --
dtrace: failed to initialize dtrace: DTrace device not available on system (/dev/dtrace is missing: load the dtrace module first)
