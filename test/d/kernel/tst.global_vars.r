exit 0
cpus match: 1
cmdline matches
init_task matches
totalram 1
banner matches


dtrace: invalid probe specifier BEGIN { trace(`max_pfn); exit(0); }: [D_SYM_NOTYPES] no symbolic type information is available for vmlinux`max_pfn: No type information available for symbol (this kernel's BTF types only its functions and per-CPU variables; for its other variables, install its debug information (Debian and Ubuntu: package linux-image-KVER-dbg or -dbgsym; Fedora and RHEL: kernel-debuginfo), which puts /usr/lib/debug/boot/vmlinux-KVER or /usr/lib/debug/lib/modules/KVER/vmlinux in place)
exit 1
1
exit 1
