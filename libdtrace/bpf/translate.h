// DIF to BPF (doc/bpf.md): one validated DIFO becomes one BPF program
// that runs against a Frame (bpf/frame.h) with the module's semantics
// for the subset it covers; anything else is refused with a message in
// DTrace's form, never translated approximately.
#pragma once

#include <linux/bpf.h>

#include <array>
#include <string>
#include <vector>

#include "bpf/difo_view.h"
#include "bpf/dynvars.h"
#include "bpf/globals.h"
#include "bpf/kstack.h"
#include "bpf/spec.h"
#include "bpf/strings.h"
#include "util/result.h"

namespace dtrace::bpf {

// What a DIFO may use besides its frame and the globals: parts of the
// probe program it is inlined into (probe_prog.h). What needs a part
// that is absent is refused.
struct Env {
  // With its maps made: string constants, execname, probeprov ...
  // (their names interned there) and a string result.
  const Strings* strings = nullptr;
  // With its maps made: thread-locals and associative arrays.
  const Dynvars* dyn = nullptr;
  bool in_probe = false;  // the ECB's ids and probe names below are known
  uint32_t epid = 0, probe_id = 0;
  std::array<std::string, 4> probe;  // provider, module, function, name
  // In a program fbt probes share (fbt_kprobe.h): the offset of the
  // ECB's EPID in the probe's record, whose address is at kIdsSlot and
  // which holds the probe's id, module and function too; -1 elsewhere.
  int16_t ids_epid = -1;
  // In a probe's ECB subprogram (the context at kCtxSlot): where its
  // stacks start, for caller, stackdepth, ucaller and ustackdepth.
  const StackSkip* stack = nullptr;
  // With its maps made: speculation()'s ids (spec.h).
  const Specs* specs = nullptr;
};

// g must hold a slot for every global scalar the DIFO uses and, when it
// uses any, the map's descriptor (the program refers to it by fd).
Result<std::vector<bpf_insn>> translate(const DifoView& difo, const Globals& g, const Env& env);

// The DIFO alone (strings: as Env::strings).
inline Result<std::vector<bpf_insn>> translate(const DifoView& difo, const Globals& g,
                                               const Strings* strings = nullptr) {
  Env env;
  env.strings = strings;
  return translate(difo, g, env);
}

}  // namespace dtrace::bpf
