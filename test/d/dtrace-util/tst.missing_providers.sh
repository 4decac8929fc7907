# ASSERTION: a provider the module leaves out (here by its skip_providers
# parameter, as a kernel without CONFIG_PERF_EVENTS or CONFIG_UPROBES
# would) is named with the reason: in the module's missing_providers
# parameter, where a description of it matches nothing (dtrace -l and an
# enabling, both exit 1) and after a whole listing; other providers work.
# The module is loaded again as it was for the tests that follow. What
# the kernel itself lacks (fbt and lockstat on 5.10: doc/kernels.md) is
# not what the test left out: lacks and the .r.p leave it out.
# @@timeout: 120
exec 2>&1
dtrace=$1
top=$(cd "$(dirname "$1")/.." && pwd)
module=${DTVM_MODULE:-$top/build/kernel/dtrace.ko}
params=/sys/module/dtrace/parameters
rmmod dtrace
echo "rmmod: $?"
insmod "$module" skip_providers=cpc,pid
echo "insmod: $?"
lacks() { grep -v ': this kernel lacks ' $params/missing_providers; }
lacks
"$dtrace" -l -n 'cpc:::'
echo "list cpc: $?"
"$dtrace" -n 'cpc:::cpu_clock-1000 { exit(0); }'
echo "enable cpc: $?"
"$dtrace" -n 'cp*:::cpu_clock-1000 { exit(0); }' -x zdefs=0
echo "enable cp*: $?"
"$dtrace" -l > /dev/null
echo "list all: $?"
"$dtrace" -qn 'BEGIN { printf("dtrace works\n"); exit(0); }'
echo "begin: $?"
rmmod dtrace
insmod "$module"
echo "insmod again: $?"
printf '[%s]\n' "$(lacks)"
