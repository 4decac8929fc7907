 io vmlinux done
 io vmlinux start
