// Why /dev/dtrace is missing, told the way out: the reasons a module
// cannot be loaded (module loading off or disabled, lockdown, signature
// enforcement), a module not built for the running kernel, or a module
// loaded without its device. Reads only procfs/sysfs files under a root
// directory, so tests can lay out a fake system.
#pragma once

#include <string>

namespace dtrace::kio {

// One sentence (or a few) for "DTrace device not available on system (...)".
// root: "/" on a real system; kernel_release: uname -r.
std::string why_no_device(const std::string& root, const std::string& kernel_release);

}  // namespace dtrace::kio
