// dtrace -l: the listing layout.
#pragma once

#include <string>
#include <vector>

extern "C" {
#include "dtrace/ioctl.h"
}

namespace dtrace::consume {

std::string probe_list_header();
std::string probe_list_row(const dtrace_probedesc& p);
// What -lv adds after a row: the probe's stability attributes and the
// D types of its arguments (args[0], args[1], ...).
std::string probe_list_details(const dtrace_probedesc& p, const std::vector<std::string>& argtypes);
// "func:name" as the default record prefix shows it.
std::string probe_func_name(const dtrace_probedesc& p);
// "provider:module:function:name"
std::string probe_full_name(const dtrace_probedesc& p);

}  // namespace dtrace::consume
