// dtrace -l: the listing layout.
#pragma once

#include <string>

extern "C" {
#include "dtrace/ioctl.h"
}

namespace dtrace::consume {

std::string probe_list_header();
std::string probe_list_row(const dtrace_probedesc& p);
// "func:name" as the default record prefix shows it.
std::string probe_func_name(const dtrace_probedesc& p);
// "provider:module:function:name"
std::string probe_full_name(const dtrace_probedesc& p);

}  // namespace dtrace::consume
