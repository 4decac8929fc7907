dtrace: failed to initialize dtrace: DTrace device not available on system (/dev/dtrace is missing: load the dtrace module first (modprobe dtrace))
nobody: exit 1, module loaded: 0
traced

root: exit 0, module loaded: 1
