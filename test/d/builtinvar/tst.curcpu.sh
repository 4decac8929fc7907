# ASSERTION: curcpu points to the firing CPU's cpuinfo_t: cpu_id is cpu,
# cpu_pset is -1 (Linux has no processor sets), cpu_chip and cpu_lgrp are
# the CPU's physical package and NUMA node as sysfs gives them.
set -o pipefail	# a pipeline fails when dtrace does
dtrace=$1
for c in 0 1; do
	t=/sys/devices/system/cpu/cpu$c
	chip=$(cat $t/topology/physical_package_id)
	node=$(ls -d $t/node* 2>/dev/null | sed -n 's/.*node//p' | head -1)
	$dtrace -q -n "profile-97 /cpu == $c/ {
		printf(\"cpu $c: id %d pset %d chip %d lgrp %d\n\",
		    curcpu->cpu_id == cpu, curcpu->cpu_pset,
		    curcpu->cpu_chip == $chip, curcpu->cpu_lgrp == ${node:-0});
		exit(0);
	}" | sort -u || exit 1	# it may fire again before exit() takes effect
done
