// Waiting out the firings already running (doc/bpf.md): the device
// switches what probes write (the aggregations' generation) and then
// reads what they wrote before, which is only whole once every program
// that read the old state has ended.
#pragma once

namespace dtrace::bpf {

// Returns once every BPF program running on any CPU when it was called
// has ended.
void wait_for_running_programs();

}  // namespace dtrace::bpf
