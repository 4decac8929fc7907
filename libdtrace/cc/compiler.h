// The D compiler's entry point. One Compiler per dtrace invocation:
// identifiers (globals, aggregations, thread-locals) persist across the
// programs it compiles, as every -n/-s of one dtrace run shares them.
// It never touches the device; probe matching goes through a callback.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cc/cpp.h"
#include "dtrace/limits.h"
#include "cc/program.h"
#include "util/result.h"

namespace dtrace::ctf {
class BtfFiles;
}

namespace dtrace::cc {

// One argument of a probe as its provider (or libdtrace) describes it:
// args[i] reads native argument `mapping` as the C type `native`, then
// translates it to `xlate` when that is not empty (DTrace's argdesc).
struct ProbeArg {
  std::string native;
  std::string xlate;
  uint32_t mapping = 0;
};

// The argument descriptions of one matched probe; `probe` names it for
// messages ("io:vmlinux::start").
struct ProbeArgs {
  std::string probe;
  std::vector<ProbeArg> args;
};

// A symbol as the compiler sees it: a kernel one (`sym, mod`sym) or a
// user one of a -c/-p target (``sym, mod``sym).
struct SymbolRef {
  bool module_known = false;  // the module ("" = any) is loaded
  bool found = false;
  uint64_t addr = 0;   // 0 when the table hides addresses; user: in the target
  std::string module;  // where it was found ("vmlinux" for the core, "a.out")
  bool data = false;   // not a code symbol
};

struct CompileOptions {
  uint32_t strsize = 256;
  // $0 is the script name (or "dtrace"), $1.. the operands.
  std::vector<std::string> macro_args;
  // Named macro variables: {"target", "1234"} for $target. $pid, $ppid,
  // $pgid, $sid, $uid, $gid, $euid, $egid default to this process's.
  std::vector<std::pair<std::string, std::string>> macro_vars;
  bool defaultargs = false;  // unset $n become 0 / ""
  bool zdefs = false;        // allow descriptions matching nothing
  bool argref = false;       // operands ($1..) need not all be used
  bool knodefs = false;      // unresolved kernel symbols compile (address 0)
  // User symbols (mod``sym) are relocations DTrace leaves to be applied
  // where the program runs: a reference compiles only with -x unodefs
  // (the target's address, as the relocation would be applied in it) or
  // -x linkmode=static (resolved now); else D_ASRELO.
  bool unodefs = false;
  bool user_static = false;
  // On a core dump (-x core=FILE) there is no kernel: mod`sym, too,
  // names a data symbol of the dump's objects (user_symbol).
  bool user_scoped = false;
  bool empty = false;  // -x empty: a program with nothing in it compiles
  // -x pspec: at the top level, `type*...` without a ':' is a probe
  // description (a glob), never the start of a declaration.
  bool pspec = false;
  // -x iregs / tregs: the integer registers (%r0..%r<iregs-1>) and tuple
  // stack slots code generation may use; at most DIF_DIR_NREGS / DIF_DTR_NREGS.
  uint32_t iregs = 16;
  uint32_t tregs = 8;
  // -x tree=N: print the parse tree to stderr after parsing (N > 0).
  uint32_t tree = 0;
  // `#pragma D option name[=value]`: checks the option and applies it to
  // `into` (this compile's options) when it is a compile-time one; an
  // error fails the compile with D_PRAGMA_OPTSET. Null: pragma options are
  // only recorded in Program::pragma_options.
  std::function<Status(std::string_view name, std::string_view value, CompileOptions& into)> set_option;
  // Kernel symbols by module ("" = any) and name, from /proc/kallsyms;
  // null: there is no symbol table (every symbol is unknown).
  std::function<SymbolRef(std::string_view module, std::string_view name)> kernel_symbol;
  // Data symbols of the -c/-p targets' objects by module ("" = any,
  // "a.out" = the first target's executable) and name; null: no target.
  std::function<SymbolRef(std::string_view module, std::string_view name)> user_symbol;
  // Defaults for stack()/ustack()/jstack() without arguments (-x stackframes=...).
  uint32_t stackframes = 20;
  uint32_t ustackframes = 20;
  uint32_t jstackframes = 50;
  uint32_t jstackstrsize = 512;
  // Stack bytes ustack()/jstack() copy for unwinding (-x ustackbytes; 0: frame pointers only).
  uint32_t ustackbytes = DTRACE_DEFAULT_USTACKBYTES;
  // -C: run cpp over each program first.
  CppOptions cpp;
  // D library directories in search order (-L / -xlibdir, then the
  // system one); their files are loaded before the first program.
  // Empty: no D library.
  std::vector<std::string> libdirs;
  // Kernel types (BTF), read on first use; "" = none. Through the
  // session's BTF files when given, else by this compiler alone.
  std::string btf_path = "/sys/kernel/btf/vmlinux";
  ctf::BtfFiles* btf_files = nullptr;
  // The objects of the -c/-p targets ({"a.out", path}, {"libc.so.6",
  // path}..., the first target's first): their DWARF types answer only
  // object-scoped names (struct a.out`point, a.out`point_t), and only
  // after the D library is compiled; read on first use. Empty: no target.
  std::vector<std::pair<std::string, std::string>> user_objects;
  // Returns how many live probes match; null when there is no device
  // (dtrace -e): descriptions are then not checked (D_PDESC_ZERO). An
  // error (a pid provider description naming a dead process...) fails
  // the compile with the error's tag (D_PROC_*). It may rename a module
  // to the name the probes carry (the pid provider's "a.out", "libc").
  std::function<Result<uint32_t>(ProbeSpec&)> count_matches;
  // Why a description matched nothing, for the message ("" if unknown).
  std::function<std::string(const ProbeSpec&)> why_no_match;
  // The argument types of every probe a description matches, asked when
  // a clause uses args[]. Null, or probes that describe no arguments:
  // args[i] is an untyped int64_t, as arg0..arg9.
  std::function<Result<std::vector<ProbeArgs>>(const ProbeSpec&)> probe_args;
};

class Compiler {
 public:
  explicit Compiler(CompileOptions options);
  ~Compiler();
  Compiler(const Compiler&) = delete;
  Compiler& operator=(const Compiler&) = delete;

  // Compiles a whole D program: `-s` file contents or an `-n` argument.
  // Errors carry the D_* tag and line; the caller adds the
  // "failed to compile script X: " / "invalid probe specifier X: " prefix.
  // probe_spec: the source is a -n/-P/-m/-f/-i argument, compiled with
  // pspec set as DTrace compiles those.
  Result<Program> compile(std::string_view source, bool probe_spec = false);
  // A program libdtrace writes itself (the ERROR clause): it owes nothing
  // to the command line's operands, so leaving them unused is no error.
  Result<Program> compile_internal(std::string_view source);
  // Loads the D library files now (a compile loads them first): dtrace -e
  // with no program still checks them, as DTrace does.
  Status load_libraries();

  const CompileOptions& options() const;
  // Every type the compiles so far declared or converted (-x ctypes/dtypes).
  const class TypeTable& types() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Parses one probe description ("BEGIN", "syscall::read:entry",
// "a:b:c:d"): fewer fields fill from the right, as DTrace does.
Result<ProbeSpec> parse_probe_spec(std::string_view text);

}  // namespace dtrace::cc
