#!/bin/sh
# The frames differ from kernel to kernel: each entry's count and the
# kind of its frames (kernel: vmlinux`; user: a shared library's, such
# as libc's) say what the test checks. The .r holds that summary.
awk 'function flush() { if (h != "") print h " " (k && !u ? "kernel" : u && !k ? "user" : "mixed " k "/" u); h = "" }
	/^== [0-9]+ ==$/ { flush(); h = $0; k = 0; u = 0; next }
	/^== / { flush(); print; next }
	/vmlinux`/ { k++ }
	/\.so(\.[0-9]+)*`/ { u++ }
	END { flush() }'
