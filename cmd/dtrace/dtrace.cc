// dtrace(1): parses the command line and drives libdtrace's public API.
// All D semantics live in libdtrace; this file only decides what to ask
// for and how to report failures (exit 1 for errors, 2 for usage).
#include <getopt.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "dtrace/handle.h"
#include "commit.h"  // DTRACE_COMMIT, made at build time
#include "dtrace/version.h"
#include "slow_notice.h"

namespace {

volatile sig_atomic_t g_interrupted = 0;

void on_signal(int) { g_interrupted = 1; }

enum class SpecKind { Script, Name, Provider, Module, Function, Id };

struct ProgramSpec {
  SpecKind kind;
  std::string arg;   // file name or description argument
  std::string text;  // D source to compile
};

// An option from -x or a flag that sets one; `what` names it in errors
// as DTrace does ("-x bufsize", "-b 4k", "-q").
struct OptionArg {
  std::string name, value, what;
};

struct CommandLine {
  std::vector<ProgramSpec> specs;
  std::vector<OptionArg> options;  // -x and friends, in order
  std::vector<std::string> operands;
  std::vector<std::pair<char, std::string>> processes;  // -c cmd / -p pid, in order
  std::string output;
  bool compile_only = false, print_dif = false, list = false, version = false;
  bool verbose = false, quiet = false;
  bool usdt_header = false, usdt_link = false;  // -h, -G
  bool model32 = false;                         // -32
};

// An enabling still running after this says so on stderr.
constexpr std::chrono::milliseconds kSlowEnable{1000};

const char kUsage[] =
    "Usage: dtrace [-aAeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
    "\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]\n"
    "\t[-x opt[=val]] [-X a|c|s|t]\n\n"
    "\t[-P provider [[ predicate ] action ]]\n"
    "\t[-m [ provider: ] module [[ predicate ] action ]]\n"
    "\t[-f [[ provider: ] module: ] func [[ predicate ] action ]]\n"
    "\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"
    "\t[-i probe-id [[ predicate ] action ]] [ args ... ]\n\n"
    "\tpredicate -> '/' D-expression '/'\n"
    "\t   action -> '{' D-statements '}'\n\n"
    "\t-32 compile for the 32-bit data model (accepted; programs are 64-bit)\n"
    "\t-64 compile for the 64-bit data model (the default)\n"
    "\t-a  claim anonymous tracing state\n"
    "\t-A  generate anonymous tracing directives (accepted; no effect)\n"
    "\t-b  set trace buffer size\n"
    "\t-c  run the command, trace it ($target), exit when it exits\n"
    "\t-C  run the C preprocessor on scripts\n"
    "\t-D  define a preprocessor macro (with -C)\n"
    "\t-e  exit after compiling request but prior to enabling probes\n"
    "\t-f  enable or list probes matching the specified function name\n"
    "\t-F  indent function entry and return (flowindent)\n"
    "\t-G  generate an ELF file containing embedded dtrace program\n"
    "\t-h  generate a header file with definitions for static probes\n"
    "\t-H  print the names of included files (with -C)\n"
    "\t-i  enable or list probes matching the specified probe id\n"
    "\t-I  add a preprocessor include directory (with -C)\n"
    "\t-l  list probes matching specified criteria\n"
    "\t-L  add a D library directory\n"
    "\t-m  enable or list probes matching the specified module name\n"
    "\t-n  enable or list probes matching the specified probe name\n"
    "\t-o  set output file\n"
    "\t-p  grab the process id and trace it ($target)\n"
    "\t-P  enable or list probes matching the specified provider name\n"
    "\t-q  set quiet mode (only output explicitly traced data)\n"
    "\t-s  enable or list probes according to the specified D script\n"
    "\t-S  print D compiler intermediate code\n"
    "\t-U  undefine a preprocessor macro (with -C)\n"
    "\t-v  set verbose mode (with -l: stability and argument types)\n"
    "\t-V  report DTrace API version\n"
    "\t-w  permit destructive actions\n"
    "\t-x  enable or modify compiler and tracing options\n"
    "\t-X  set the preprocessor's ISO C mode (with -C)\n"
    "\t-Z  permit probe descriptions that match zero probes\n"
    "\t--help     print this text and exit\n"
    "\t--version  print the version and commit of this dtrace and exit\n";

int usage_error(const char* msg = nullptr) {
  if (msg) std::fprintf(stderr, "dtrace: %s\n", msg);
  std::fputs(kUsage, stderr);
  return 2;
}

void error(const std::string& msg) { std::fprintf(stderr, "dtrace: %s\n", msg.c_str()); }

// The description part of an -n/-P/... argument ends where its predicate
// or action begins; DTrace names it that way in "matched" notices.
std::string description_part(const std::string& arg) {
  size_t cut = arg.find_first_of("/{;");
  return cut == std::string::npos ? arg : arg.substr(0, cut);
}

// DTrace reads a -P/-m/-f/-n/-i description from the right into at most
// 1/2/3/4 fields (provider, module, function, name); the field before a
// leading ':' is never read, and one more field is "Overspecified".
// A leading integer is a probe id, refused where a part is named, and
// for -n/-i followed by a description it gives way to that description
// (-i 4-2 is ":::-2"), as DTrace's lexer reads it. Returns the program
// text with the description in its four fields, or false and DTrace's
// message in *err. A description list (',') or blank is left as written.
// -l wants the four fields even of -n text (`full`), as it names them.
bool probe_program(SpecKind kind, const std::string& arg, std::string* text, std::string* err,
                   bool full = false) {
  static const char* const kParts[] = {"providers", "modules", "functions"};
  std::string desc = description_part(arg), rest = arg.substr(desc.size());
  while (!desc.empty() && std::isspace(static_cast<unsigned char>(desc.back()))) {
    rest.insert(0, 1, desc.back());
    desc.pop_back();
  }
  *text = arg;
  if (kind == SpecKind::Script || desc.empty() || desc.find_first_of(", \t\n") != std::string::npos)
    return true;
  size_t digits = 0;
  while (digits < desc.size() && std::isdigit(static_cast<unsigned char>(desc[digits]))) digits++;
  int max = kind == SpecKind::Provider   ? 1
            : kind == SpecKind::Module   ? 2
            : kind == SpecKind::Function ? 3
                                         : 4;
  if (digits > 0) {
    std::string id = desc.substr(0, digits);
    id.erase(0, std::min(id.find_first_not_of('0'), id.size() - 1));
    if (max < 4) {
      *err = "probe identifier " + id + " not permitted when specifying " + kParts[max - 1];
      return false;
    }
    if (id == "0") {
      *err = "invalid probe identifier 0: Unknown probe identifier";
      return false;
    }
    if (digits == desc.size()) return true;  // a probe id
    desc.erase(0, digits);
  }
  std::vector<std::string> fields;
  std::string cur;
  for (size_t i = 0; i < desc.size(); i++) {
    if (desc[i] == '\\' && i + 1 < desc.size()) {
      cur += desc[i];
      cur += desc[++i];
    } else if (desc[i] == ':') {
      fields.push_back(cur);
      cur.clear();
    } else {
      cur += desc[i];
    }
  }
  fields.push_back(cur);
  // -n text that reads the same in four fields is compiled as written.
  if (max == 4 && digits == 0 && fields.size() <= 4 && !full) return true;
  if (desc[0] == ':') fields.erase(fields.begin());
  if (static_cast<int>(fields.size()) > max) {
    *err = "invalid probe description \"" + desc + "\": Overspecified probe description";
    return false;
  }
  // Right-aligned below the part the option names: -m a:b is a:b::.
  std::string parts[4];
  for (size_t i = 0; i < fields.size(); i++) parts[max - fields.size() + i] = fields[i];
  *text = parts[0] + ":" + parts[1] + ":" + parts[2] + ":" + parts[3] + rest;
  return true;
}

bool read_file(const std::string& path, std::string* out) {
  std::ifstream in(path);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  *out = ss.str();
  return true;
}

// "dtrace: failed to compile script x.d: [D_TAG] line 3: message"; as in
// DTrace, a line is named only for a script (a file), never for the
// text of -n/-P/-m/-f/-i.
std::string compile_error(const ProgramSpec& spec, const dtrace::Error& e, bool errtags) {
  std::string out = spec.kind == SpecKind::Script ? "failed to compile script " + spec.arg + ": "
                                                  : "invalid probe specifier " + spec.arg + ": ";
  if (errtags && e.tag != dtrace::ErrTag::kNone) out += std::string("[") + dtrace::errtag_name(e.tag) + "] ";
  if (e.line > 0 && spec.kind == SpecKind::Script) out += "line " + std::to_string(e.line) + ": ";
  return out + e.message;
}

// DTRACE_OPT_NAME=value in the environment sets option "name", as
// Oracle's dtrace does; they come first, so that -x overrides them.
void environment_options(CommandLine* cl) {
  const std::string prefix = "DTRACE_OPT_";
  for (char** e = environ; *e != nullptr; e++) {
    std::string var = *e;
    size_t eq = var.find('=');
    if (var.compare(0, prefix.size(), prefix) != 0 || eq == std::string::npos || eq == prefix.size())
      continue;
    std::string name = var.substr(prefix.size(), eq - prefix.size());
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    cl->options.push_back({name, var.substr(eq + 1), var.substr(0, eq)});
  }
}

int parse(int argc, char** argv, CommandLine* cl) {
  // "+": getopt stops at an operand, which the loop takes before going
  // on; ":": a missing argument is told apart from an unknown flag.
  const char* optstring = "+:3:6:aAb:Bc:CD:ef:FGhHi:I:lL:m:n:o:p:P:qs:SU:vVwx:X:Z";
  enum { kHelp = 256, kVersion };
  static const option longopts[] = {
      {"help", no_argument, nullptr, kHelp}, {"version", no_argument, nullptr, kVersion}, {}};
  int c;
  opterr = 0;
  while (optind < argc) {
    if ((c = getopt_long(argc, argv, optstring, longopts, nullptr)) == -1) {
      cl->operands.push_back(argv[optind++]);  // operands may precede options
      continue;
    }
    switch (c) {
      case 'n': cl->specs.push_back({SpecKind::Name, optarg, {}}); break;
      case 'P': cl->specs.push_back({SpecKind::Provider, optarg, {}}); break;
      case 'm': cl->specs.push_back({SpecKind::Module, optarg, {}}); break;
      case 'f': cl->specs.push_back({SpecKind::Function, optarg, {}}); break;
      case 'i': cl->specs.push_back({SpecKind::Id, optarg, {}}); break;
      case 's': cl->specs.push_back({SpecKind::Script, optarg, {}}); break;
      case 'b': cl->options.push_back({"bufsize", optarg, std::string("-b ") + optarg}); break;
      case 'x': {
        std::string s = optarg;
        size_t eq = s.find('=');
        cl->options.push_back(
            {s.substr(0, eq), eq == std::string::npos ? "" : s.substr(eq + 1), "-x " + s.substr(0, eq)});
        break;
      }
      case 'q':
        cl->quiet = true;
        cl->options.push_back({"quiet", "", "-q"});
        break;
      case 'F': cl->options.push_back({"flowindent", "", "-F"}); break;
      case 'w': cl->options.push_back({"destructive", "", "-w"}); break;
      case 'Z': cl->options.push_back({"zdefs", "", "-Z"}); break;
      case 'e': cl->compile_only = true; break;
      case 'S': cl->print_dif = true; break;
      case 'l': cl->list = true; break;
      case 'V': cl->version = true; break;
      case 'v': cl->verbose = true; break;
      case 'o': cl->output = optarg; break;
      case 'L': cl->options.push_back({"libdir", optarg, "-L"}); break;
      case 'a': cl->options.push_back({"grabanon", "", "-a"}); break;
      case 'A':
      case 'B':
      case '6': break;  // accepted; no effect yet
      case '3': cl->model32 = true; break;
      case 'X': cl->options.push_back({"stdc", optarg, std::string("-X ") + optarg}); break;
      case 'C': cl->options.push_back({"cpp", "", "-C"}); break;
      case 'H': cl->options.push_back({"cpphdrs", "", "-H"}); break;
      case 'D': cl->options.push_back({"define", optarg, "-D"}); break;
      case 'U': cl->options.push_back({"undef", optarg, "-U"}); break;
      case 'I': cl->options.push_back({"incdir", optarg, "-I"}); break;
      case 'c':
      case 'p': cl->processes.emplace_back(static_cast<char>(c), optarg); break;
      case 'G': cl->usdt_link = true; break;
      case 'h': cl->usdt_header = true; break;
      case kHelp: std::fputs(kUsage, stdout); std::exit(0);
      case kVersion:
        std::printf("dtrace (DTrace for Linux) %s, commit %s\n%s\n", DTRACE_VERSION_STRING, DTRACE_COMMIT,
                    DTRACE_D_VERSION_STRING);
        std::exit(0);
      case ':':
        return usage_error(
            (std::string("option requires an argument -- ") + static_cast<char>(optopt)).c_str());
      default:
        if (optopt == 0)  // getopt_long's unknown --name
          return usage_error((std::string("unrecognized option '") + argv[optind - 1] + "'").c_str());
        return usage_error((std::string("illegal option -- ") + static_cast<char>(optopt)).c_str());
    }
  }
  return 0;
}

// As DTrace: every description is read first (a bad one is fatal), then
// the header, then each one's probes; one that matches nothing is
// reported and the listing goes on, exit status 0.
int list_probes(dtrace::Handle& h, const CommandLine& cl, FILE* out) {
  std::vector<std::string> descs;
  bool argref = h.argref();
  for (const auto& spec : cl.specs) {
    std::string text, err;
    if (!probe_program(spec.kind, spec.arg, &text, &err, true)) {
      error("invalid probe specifier " + spec.arg + ": " + err);
      return 1;
    }
    // An operand the description does not use is a mistake, as when tracing.
    if (!cl.operands.empty() && spec.kind != SpecKind::Script && text.find('$') == std::string::npos &&
        !argref) {
      error("invalid probe specifier " + spec.arg + ": extraneous argument '" + cl.operands.back() + "' ($" +
            std::to_string(cl.operands.size()) + " is not referenced)");
      return 1;
    }
    std::string desc = spec.kind == SpecKind::Script ? "" : description_part(text);
    while (!desc.empty() && std::isspace(static_cast<unsigned char>(desc.back()))) desc.pop_back();
    // An id names one probe: one that is not there is a bad description.
    if (!desc.empty() && desc.find_first_not_of("0123456789") == std::string::npos)
      if (auto r = h.list_probes(desc); r && r->empty()) {
        error("invalid probe specifier " + spec.arg + ": invalid probe identifier " + desc +
              ": Unknown probe identifier");
        return 1;
      }
    descs.push_back(desc);
  }
  if (cl.specs.empty()) {
    auto r = h.list_probes("");
    if (!r) {
      error(r.error().message);
      return 1;
    }
    std::fputs(h.format_probe_list(*r, true, cl.verbose).c_str(), out);
    // A whole listing says which providers it lacks, and why.
    if (std::string missing = h.missing_providers(""); !missing.empty()) error(missing);
    return 0;
  }
  std::fputs(h.format_probe_list({}, true, cl.verbose).c_str(), out);
  for (size_t i = 0; i < descs.size(); i++) {
    auto r = h.list_probes(descs[i]);
    if (!r) {
      error("invalid probe specifier " + cl.specs[i].arg + ": " + r.error().message);
      return 1;
    }
    if (r->empty()) {
      std::string missing = h.missing_providers(descs[i]);
      std::fflush(out);
      error("failed to match " + descs[i] + ": No probe matches description" +
            (missing.empty() ? "" : " (" + missing + ")"));
      continue;
    }
    std::fputs(h.format_probe_list(*r, false, cl.verbose).c_str(), out);
  }
  return 0;
}

// -c and -p: the processes are held until tracing starts; the first
// is $target.
int start_processes(dtrace::Handle& h, const CommandLine& cl) {
  for (const auto& [opt, arg] : cl.processes) {
    char* end = nullptr;
    long pid = opt == 'p' ? std::strtol(arg.c_str(), &end, 10) : 0;
    if (opt == 'p' && (arg.empty() || *end || pid <= 0)) {
      error("invalid process ID: " + arg);
      return 1;
    }
    auto r = opt == 'c' ? h.create_process(arg) : h.grab_process(static_cast<int>(pid));
    if (!r) {
      error(r.error().message);
      return 1;
    }
  }
  return 0;
}

int trace(dtrace::Handle& h, FILE* out) {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  sigaction(SIGHUP, &sa, nullptr);
  if (auto st = h.go(); !st) {
    error("could not enable tracing: " + st.error().message);
    return 1;
  }
  // A notice, as dtrace(1) gives once tracing has started: -q silences it.
  if (h.destructive() && !h.quiet()) std::fputs("dtrace: allowing destructive actions\n", stderr);
  bool aborted = false;
  while (!g_interrupted) {
    auto w = h.work(out);
    if (!w) {
      h.report_error(out, "processing aborted: " + w.error().message);
      aborted = true;
      break;
    }
    if (*w == dtrace::Work::Done) break;
  }
  if (g_interrupted) h.interrupted(out);
  // What was recorded before an abort is still printed; the exit status says it failed.
  if (auto st = h.stop(out); !st) {
    h.report_error(out, st.error().message);
    return 1;
  }
  return aborted ? 1 : h.exit_status();
}

// -h / -G: the provider definitions of the -s scripts become a C header
// or the object that registers the application's probes at run time.
// With several scripts the output is named after the first (or -o).
int usdt_generate(dtrace::Handle& h, CommandLine& cl) {
  std::vector<const ProgramSpec*> scripts;
  for (const auto& spec : cl.specs)
    if (spec.kind == SpecKind::Script) scripts.push_back(&spec);
  const char* flag = cl.usdt_header ? "-h" : "-G";
  if (scripts.empty())
    return usage_error((std::string(flag) + " requires a script with provider definitions (-s)").c_str());
  if (cl.usdt_link && cl.model32) {
    error("-G writes 64-bit objects only: -32 is not supported");
    return 1;
  }
  bool errtags = h.errtags();
  for (const ProgramSpec* script : scripts) {
    std::string text;
    if (!read_file(script->arg, &text)) {
      error("failed to open " + script->arg + ": " + std::strerror(errno));
      return 1;
    }
    if (auto st = h.usdt_add_source(text); !st) {
      error(compile_error(*script, st.error(), errtags));
      return 1;
    }
  }
  const std::string& first = scripts.front()->arg;
  std::string base = first.substr(first.rfind('/') + 1);
  if (base.size() > 2 && base.compare(base.size() - 2, 2, ".d") == 0) base.resize(base.size() - 2);
  std::string path = !cl.output.empty() ? cl.output : base + (cl.usdt_header ? ".h" : ".o");
  if (cl.usdt_link) {
    if (auto st = h.usdt_link(cl.operands, path); !st) {
      error("failed to link script " + first + ": " + st.error().message);
      return 1;
    }
    return 0;
  }
  std::string guard = "_";
  for (char c : path.substr(path.rfind('/') + 1))
    guard += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::toupper(c)) : '_';
  auto header = h.usdt_header(guard);
  if (!header) {
    error(header.error().message);
    return 1;
  }
  std::ofstream f(path, std::ios::trunc);
  if (!(f << *header) || !(f.flush())) {
    error("failed to create header file " + path + ": " + std::strerror(errno));
    return 1;
  }
  return 0;
}

// -V: the device the options choose ("module", "bpf"), or "none" and why.
std::string backend_in_use(const CommandLine& cl) {
  dtrace::OpenOptions o;
  for (const auto& opt : cl.options) o.take_option(opt.name, opt.value);
  auto h = dtrace::Handle::open(o);
  return h ? (*h)->backend() : "none (" + h.error().message + ")";
}

}  // namespace

int main(int argc, char** argv) {
  CommandLine cl;
  if (argc == 1) return usage_error();
  environment_options(&cl);
  if (int rc = parse(argc, argv, &cl)) return rc;
  if (cl.version) {
    // The D version first, as scripts written for DTrace read it.
    std::printf("dtrace: %s\n", DTRACE_D_VERSION_STRING);
    std::printf("dtrace: DTrace for Linux %s, commit %s\n", DTRACE_VERSION_STRING, DTRACE_COMMIT);
    std::printf("dtrace: backend: %s\n", backend_in_use(cl).c_str());
    return 0;
  }
  bool need_device = !cl.compile_only && !cl.usdt_header && !cl.usdt_link;
  dtrace::OpenOptions open_opts;
  open_opts.need_device = need_device;
  for (const auto& o : cl.options)  // the device is chosen before any option is set
    open_opts.take_option(o.name, o.value);
  auto opened = dtrace::Handle::open(open_opts);
  if (!opened) {
    error("failed to initialize dtrace: " + opened.error().message);
    return 1;
  }
  dtrace::Handle& h = **opened;
  if (!h.notice().empty()) error(h.notice());
  // -vl says when it lists the bpf backend's probes (the module's are
  // DTrace's own: its listings stay as they were).
  else if (cl.list && cl.verbose && h.backend() == "bpf") error("backend: " + h.backend());
  for (const auto& o : cl.options) {
    if (auto st = h.set_option(o.name, o.value); !st) {
      error("failed to set " + o.what + ": " + st.error().message);
      return 1;
    }
  }
  if (cl.usdt_header || cl.usdt_link) return usdt_generate(h, cl);
  FILE* out = stdout;
  if (!cl.output.empty() && !(out = std::fopen(cl.output.c_str(), "a"))) {
    error("failed to open output file '" + cl.output + "': " + std::strerror(errno));
    return 1;
  }
  if (cl.list && !cl.processes.empty())  // pid$target descriptions
    if (int rc = start_processes(h, cl)) return rc;
  if (cl.list) return list_probes(h, cl, out);
  if (cl.specs.empty() && h.grabanon()) return trace(h, out);  // claims anonymous state only
  if (cl.specs.empty() && cl.compile_only) {  // -e: nothing to compile, but the D libraries load
    if (auto st = h.load_libraries(); !st) {
      error(st.error().message);
      return 1;
    }
    return 0;
  }
  if (cl.specs.empty()) {
    error("no probes specified");
    return 1;
  }
  if (int rc = start_processes(h, cl)) return rc;
  std::vector<std::string> macro_args{cl.specs.front().kind == SpecKind::Script ? cl.specs.front().arg
                                                                                : "dtrace"};
  macro_args.insert(macro_args.end(), cl.operands.begin(), cl.operands.end());
  h.set_macro_args(macro_args);

  bool errtags = h.errtags();
  std::vector<std::pair<const ProgramSpec*, size_t>> compiled;
  for (auto& spec : cl.specs) {
    if (spec.kind == SpecKind::Script) {
      if (!read_file(spec.arg, &spec.text)) {
        error("failed to open " + spec.arg + ": " + std::strerror(errno));
        return 1;
      }
    } else if (std::string err; spec.text.empty() && !probe_program(spec.kind, spec.arg, &spec.text, &err)) {
      error("invalid probe specifier " + spec.arg + ": " + err);
      return 1;
    }
    auto p = h.compile(spec.text, spec.kind != SpecKind::Script);
    if (!p) {
      error(compile_error(spec, p.error(), errtags));
      return 1;
    }
    compiled.emplace_back(&spec, *p);
  }
  if (cl.print_dif)
    for (const auto& [spec, index] : compiled) std::fputs(h.disassemble(index).c_str(), stderr);
  // A refused enabling as DTrace words it (-e says what ENABLE would).
  auto refused = [errtags](const ProgramSpec& spec, const dtrace::Error& e) {
    if (e.tag == dtrace::ErrTag::EDT_DESTRUCTIVE) {  // DTrace refuses these when it starts tracing
      error("could not enable tracing: " + e.message);
      return 1;
    }
    if (e.tag != dtrace::ErrTag::EDT_ENABLING_ERR) {
      error(compile_error(spec, e, errtags));
      return 1;
    }
    error("failed to enable '" + (spec.kind == SpecKind::Script ? spec.arg : description_part(spec.arg)) +
          "': " + e.message);
    return 1;
  };
  if (cl.compile_only) {
    for (const auto& [spec, index] : compiled)
      if (auto st = h.check_enable(index); !st) return refused(*spec, st.error());
    return 0;
  }

  uint32_t total = 0;
  for (const auto& [spec, index] : compiled) {
    std::optional<SlowNotice> notice;
    if (uint32_t want = h.probes_matched(index); !h.quiet() && want > 0)
      notice.emplace(kSlowEnable,
                     "dtrace: enabling " + std::to_string(want) + " probe" + (want == 1 ? "" : "s") + "\n");
    auto n = h.enable(index);
    notice.reset();
    bool script = spec->kind == SpecKind::Script;
    if (!n) return refused(*spec, n.error());
    total += *n;
    if (!h.quiet()) {
      std::fprintf(stderr, "dtrace: %s '%s' matched %u probe%s\n", script ? "script" : "description",
                   script ? spec->arg.c_str() : description_part(spec->arg).c_str(), *n, *n == 1 ? "" : "s");
    }
  }
  // -Z: tracing waits for the probes its descriptions will match.
  if (total == 0 && !h.zdefs()) {
    error("no probes matched");
    return 1;
  }
  int rc = trace(h, out);
  if (out != stdout) std::fclose(out);
  return rc;
}
