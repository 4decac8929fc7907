# ASSERTION: dtrace -V reports the D version, then the package version
# and the commit it was built from (here "C"), then the backend the
# options choose (module or bpf, here "B"), and exits 0.
"$1" -V | sed 's/commit [0-9a-f]\{7,\}\(-dirty\)\{0,1\}$/commit C/; s/commit unknown$/commit C/
	s/^dtrace: backend: \(module\|bpf\)$/dtrace: backend: B/'
exit "${PIPESTATUS[0]}"
