# ASSERTION: cpc:::page-faults-user-1 fires in the faulting process
# (a new program faults its pages in) with the user PC in arg1.
# @@timeout: 60
"$1" -q -n '
cpc:::page-faults-user-1
/execname == "true" && arg1 != 0 && arg0 == 0/
{
	printf("page fault in true\n");
	exit(0);
}' &
dt=$!
for i in $(seq 200); do
	kill -0 "$dt" 2>/dev/null || break
	/bin/true
	sleep 0.1
done
wait "$dt"
