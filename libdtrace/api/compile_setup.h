// Compiler set-up: the session's compiler made from the options, the
// macro arguments, the -c/-p targets' objects (types, symbols, args[])
// and, with the module, its probes (matching, args[] types); and the
// -x amin check of what a compiled program uses.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "api/enabling.h"
#include "api/options.h"
#include "api/probe_args.h"
#include "api/session_options.h"
#include "cc/compiler.h"
#include "kio/device.h"
#include "proc/process_image.h"

namespace dtrace::api {

struct CompilerInputs {
  std::vector<std::string> macro_args;  // $0, $1..$n
  std::vector<int> targets;             // -c/-p pids; the first is $target
  kio::Device* dev = nullptr;           // null: no module, probes unknown
  Enablings* enablings = nullptr;       // with dev
  Session& session;                     // its cpp args, libdirs, files, BTF and kernel symbols
  // -x core=FILE: the dump's objects, whose symbols mod`sym names
  // (doc/postmortem.md); their addresses are final, as linkmode=static's.
  const proc::ProcessImage* dump = nullptr;
};

struct SessionCompiler {
  std::unique_ptr<cc::Compiler> compiler;
  // args[] types: the compiler's, and dtrace -lv's; outlives no compiler.
  std::unique_ptr<ProbeArgTypes> arg_types;
};

SessionCompiler make_compiler(const Options& o, const CompilerInputs& in);

// -x amin: every probe description's attributes must be at least that
// stable (D_ATTR_MIN), as DTrace checks what a program uses.
Status check_amin(const Options& o, const cc::Program& prog);

}  // namespace dtrace::api
