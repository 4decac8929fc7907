dtrace: Linux D 1.0
dtrace: DTrace for Linux 0.1.0, commit C
dtrace: backend: B
