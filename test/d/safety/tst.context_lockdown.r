[none] integrity confidentiality
ran

exit 0
none [integrity] confidentiality
ran

exit 0
dtrace: invalid probe specifier BEGIN { printf("ran\n"); exit(0); }: kernel lockdown (integrity) forbids writing user memory: no destructive actions
exit 1
none integrity [confidentiality]
dtrace: invalid probe specifier BEGIN { printf("ran\n"); exit(0); }: kernel lockdown (confidentiality) forbids reading kernel memory: no tracing
exit 1
