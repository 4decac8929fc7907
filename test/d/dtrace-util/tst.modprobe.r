dtrace: failed to initialize dtrace: DTrace device not available on system (/dev/dtrace is missing: no dtrace.ko is installed for kernel KVER: install the dtrace-dkms package (or run make install) with this kernel's headers)
nobody: exit 1, module loaded: 0
traced

root: exit 0, module loaded: 1
