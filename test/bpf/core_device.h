// kernel/core in process behind a kio::Device (the module's ioctl layer,
// kernel/user/inproc.h, one CPU), for the tests that hold the bpf device
// to the module's own code: run(dev) on it, then it is destroyed.
#pragma once

#include <cerrno>
#include <utility>
#include <vector>

#include "bpf/device.h"
#include "kio/device.h"

extern "C" {
#include "user/inproc.h"
}

namespace dtrace::bpf::testing {

template <typename Run>
auto run_on_core(Run run) {
  dtrace_inproc* m = dtrace_inproc_create(1);
  dtrace_inproc_file* f = dtrace_inproc_open(m);
  auto out = [&] {
    auto dev = kio::make_ioctl_device([f](unsigned long req, void* arg) {
      int r = dtrace_inproc_ioctl(f, req, arg);
      if (r < 0) errno = -r;
      return r < 0 ? -1 : 0;
    });
    return run(*dev);
  }();
  dtrace_inproc_close(f);
  dtrace_inproc_destroy(m);
  return out;
}

// run(dev, blob) on kernel/core, then on a bpf device: both results.
template <typename Run>
auto run_both(const std::vector<uint8_t>& blob, Run run) {
  auto core = run_on_core([&](kio::Device& dev) { return run(dev, blob); });
  decltype(core) bpf = make_error("no bpf device");
  if (auto dev = open_bpf_device(); dev.ok()) bpf = run(**dev, blob);
  else bpf = dev.error();
  return std::pair{std::move(core), std::move(bpf)};
}

}  // namespace dtrace::bpf::testing
