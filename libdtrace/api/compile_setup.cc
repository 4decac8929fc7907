#include "api/compile_setup.h"

#include <sys/stat.h>

#include <cstring>

#include "api/compile_options.h"
#include "consume/ksyms.h"
#include "consume/probe_stability.h"
#include "kio/missing_providers.h"
#include "proc/process_image.h"

namespace dtrace::api {

// The installed D library's directory, an object of its own with external
// linkage: the path then stays in the binary as a string, for packagers
// and test/install/make_install.sh to see (a 15-byte literal returned as
// a std::string is built from immediates instead).
extern const char kInstallLibdir[];
const char kInstallLibdir[] = DTRACE_INSTALL_LIBDIR;

namespace {

using Images = std::shared_ptr<const std::vector<proc::ProcessImage>>;

// A target's executable and shared objects, for its DWARF types.
std::vector<std::pair<std::string, std::string>> user_objects(const proc::ProcessImage& img) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const proc::MappedObject& o : img.objects()) {
    out.emplace_back(o.module, o.open_path);
    // As in pid probe descriptions, a.out names the executable.
    if (o.executable) out.emplace_back("a.out", o.open_path);
  }
  return out;
}

// Data symbols of the targets' objects at their addresses in the
// target (mod``sym): "a.out" is the first target's executable.
std::function<cc::SymbolRef(std::string_view, std::string_view)> user_symbols(Images images) {
  return [images](std::string_view mod, std::string_view name) {
    cc::SymbolRef r;
    for (size_t i = 0; i < images->size(); i++) {
      proc::DataSymbol d = (*images)[i].data_symbol(mod, name, i == 0);
      r.module_known |= d.module_known;
      if (!d.found) continue;
      r.found = r.data = true;
      r.addr = d.addr;
      r.module = d.module;
      break;
    }
    return r;
  };
}

cc::SymbolRef kernel_symbol(const consume::KernelSymbols& table, std::string_view mod,
                            std::string_view name) {
  cc::SymbolRef r;
  r.module_known = mod.empty() || table.has_module(mod);
  if (const consume::KernelSymbol* s = table.find(mod, name)) {
    r.found = true;
    r.addr = s->addr;
    r.module = s->module;
    r.data = !std::strchr("tTwW", s->type);
  }
  return r;
}

// -xsyslibdir, else the source tree's libdtrace/dlib when this dtrace
// runs from its build tree, else the installed $(PREFIX)/lib/dtrace.
std::string system_libdir(const Options& o) {
  std::string dir = o.syslibdir();
  if (!dir.empty()) return dir;
  struct stat st;
  if (stat(DTRACE_BUILD_LIBDIR, &st) == 0 && S_ISDIR(st.st_mode)) return DTRACE_BUILD_LIBDIR;
  return kInstallLibdir;
}

// dtrace's headers for -C: the build tree's generated ones when this
// dtrace runs from there, else $(PREFIX)/include unless cpp searches it
// anyway (naming a system directory with -isystem would reorder them).
std::string system_incdir() {
  struct stat st;
  if (stat(DTRACE_BUILD_INCDIR, &st) == 0 && S_ISDIR(st.st_mode)) return DTRACE_BUILD_INCDIR;
  std::string dir = DTRACE_INSTALL_INCDIR;
  return dir == "/usr/include" || dir == "/usr/local/include" ? "" : dir;
}

// The cpp, library and stack-frame settings.
void copy_session_settings(const Options& o, const CompilerInputs& in, cc::CompileOptions& co) {
  co.stackframes = static_cast<uint32_t>(o.value(DTRACEOPT_STACKFRAMES));
  co.ustackframes = static_cast<uint32_t>(o.value(DTRACEOPT_USTACKFRAMES));
  co.jstackframes = static_cast<uint32_t>(o.value(DTRACEOPT_JSTACKFRAMES));
  co.jstackstrsize = static_cast<uint32_t>(o.value(DTRACEOPT_JSTACKSTRSIZE));
  if (o.is_set(Opt::ustackbytes)) co.ustackbytes = static_cast<uint32_t>(o.ustackbytes()) & ~7u;
  co.cpp.enabled = o.cpp();
  co.cpp.print_includes = o.cpphdrs();
  if (!o.cpppath().empty()) co.cpp.path = o.cpppath();
  co.cpp.args = in.session.cpp_args;
  co.cpp.include_dir = system_incdir();
  if (o.is_set(Opt::stdc)) co.cpp.stdc = o.stdc()[0];
  if (!o.nolibs()) {  // -x nolibs: no D library files at all
    co.libdirs = in.session.libdirs;
    co.libdirs.push_back(system_libdir(o));
  }
}

}  // namespace

SessionCompiler make_compiler(const Options& o, const CompilerInputs& in) {
  cc::CompileOptions co;
  co.strsize = static_cast<uint32_t>(o.value(DTRACEOPT_STRSIZE));
  co.macro_args = in.macro_args;
  if (!in.targets.empty()) co.macro_vars.emplace_back("target", std::to_string(in.targets.front()));
  // Every target's objects, read once for types, symbols and args[]; the
  // first target's come first, so its executable is the one a.out names.
  auto images = std::make_shared<std::vector<proc::ProcessImage>>();
  if (in.dump != nullptr) images->push_back(*in.dump);
  for (int pid : in.targets)
    if (auto img = proc::ProcessImage::read(pid, in.session.files)) images->push_back(std::move(*img));
  for (const proc::ProcessImage& img : *images)
    for (auto& obj : user_objects(img)) co.user_objects.push_back(std::move(obj));
  copy_compile_options(o, co);
  co.user_scoped = in.dump != nullptr;
  co.user_static |= co.user_scoped;
  co.set_option = pragma_option;
  const consume::KernelSymbols& ksyms = in.session.ksyms;
  co.kernel_symbol = [&ksyms](std::string_view mod, std::string_view name) {
    return kernel_symbol(ksyms, mod, name);
  };
  co.btf_files = &in.session.btf;
  if (!images->empty()) co.user_symbol = user_symbols(images);
  copy_session_settings(o, in, co);
  Enablings* en = in.enablings;
  if (in.dev) co.count_matches = [en](cc::ProbeSpec& s) { return en->count_matches(s); };
  if (in.dev) co.why_no_match = [](const cc::ProbeSpec& s) { return kio::missing_provider_note(s.provider); };
  ProbeArgSources src;
  src.btf_path = co.btf_path;
  src.btf_files = co.btf_files;
  // Only the targets' objects: the compiler knows no other process's
  // types, so another pid's probes stay untyped.
  src.user_objects = [images](int pid) {
    for (const proc::ProcessImage& img : *images)
      if (img.pid() == pid) return user_objects(img);
    return std::vector<std::pair<std::string, std::string>>{};
  };
  if (kio::Device* dev = in.dev) {
    src.match = [en](const cc::ProbeSpec& s) { return en->match(probe_pattern(s)); };
    src.probe_arg = [dev](uint32_t id, uint32_t ndx) { return dev->probe_arg(id, ndx); };
  }
  SessionCompiler out;
  out.arg_types = std::make_unique<ProbeArgTypes>(std::move(src));
  ProbeArgTypes* types = out.arg_types.get();
  co.probe_args = [types](const cc::ProbeSpec& s) { return types->describe(s); };
  out.compiler = std::make_unique<cc::Compiler>(std::move(co));
  return out;
}

Status check_amin(const Options& o, const cc::Program& prog) {
  consume::Attr min;
  if (!o.is_set(Opt::amin) || !consume::parse_attr(o.amin(), &min)) return Ok{};
  for (const cc::Clause& c : prog.clauses) {
    const cc::ProbeSpec& p = c.probe;
    // BEGIN, END and ERROR need no provider; another description
    // without one names no provider whose attributes are known.
    bool dtrace_probe = p.name == "BEGIN" || p.name == "END" || p.name == "ERROR";
    if (p.id != 0 || (p.provider.empty() && !dtrace_probe)) continue;
    consume::Attr a =
        consume::probe_attrs(p.provider.empty() ? "dtrace" : p.provider, !p.mod.empty(), !p.func.empty())
            .desc;
    if (consume::attr_below(a, min)) {
      return make_error("attributes for probe description " + p.str() + " (" + consume::attr_text(a) +
                            ") are less than predefined minimum",
                        ErrTag::D_ATTR_MIN, p.loc.line, p.loc.column);
    }
  }
  return Ok{};
}

}  // namespace dtrace::api
