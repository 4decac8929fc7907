# ASSERTION: cpc:::page-faults-user-1 fires in the faulting process
# (a new program faults its pages in) with the user PC in arg1.
# @@timeout: 60
. "$(dirname "$0")/../lib/until_exit.sh"
"$1" -q -n '
cpc:::page-faults-user-1
/execname == "true" && arg1 != 0 && arg0 == 0/
{
	printf("page fault in true\n");
	exit(0);
}' &
dt=$!
until_exit -n 200 "$dt" /bin/true
wait "$dt"
