// Loading the module on demand: dtrace run as root finds /dev/dtrace
// missing and runs modprobe, so that an installed module (dtrace-dkms,
// make install) needs neither a modules-load.d file nor a manual step.
#pragma once

namespace dtrace::kio {

// Runs "modprobe -q dtrace" when the caller is root (the program the
// kernel itself uses, /proc/sys/kernel/modprobe, else /sbin/modprobe);
// true when it loaded the module. -q silences only "module not found",
// which the caller's message explains; modprobe's other errors (a
// signature refused, a bad module) reach stderr as modprobe words them.
bool load_module();

// Whether the dtrace module is loaded (/sys/module/dtrace): when it is,
// a missing /dev/dtrace is the module's problem to report, not a reason
// to trace with the bpf backend instead.
bool module_loaded();

}  // namespace dtrace::kio
