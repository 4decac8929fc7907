// DIF to BPF (doc/bpf.md): one validated DIFO becomes one BPF program
// that runs against a Frame (bpf/frame.h) with the module's semantics
// for the subset it covers; anything else is refused with a message in
// DTrace's form, never translated approximately.
#pragma once

#include <linux/bpf.h>

#include <vector>

#include "bpf/difo_view.h"
#include "bpf/globals.h"
#include "bpf/strings.h"
#include "util/result.h"

namespace dtrace::bpf {

// g must hold a slot for every global scalar the DIFO uses and, when it
// uses any, the map's descriptor (the program refers to it by fd). With
// strings (its maps made), string constants, execname and a string
// result are translated (strings.h); without, they are refused.
Result<std::vector<bpf_insn>> translate(const DifoView& difo, const Globals& g,
                                        const Strings* strings = nullptr);

}  // namespace dtrace::bpf
