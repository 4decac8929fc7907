#include "api/options.h"

#include "consume/probe_stability.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <initializer_list>

namespace dtrace::api {
namespace {

enum class Kind { Bool, Size, Time, Int, Text };

struct OptionDef {
  std::string_view name;
  Kind kind;
  int kernel_id;  // DTRACEOPT_* or -1 for compile-time/consumer-only options
  uint64_t min = 0, max = UINT64_MAX;
  uint64_t dflt = 0;            // the module's default (options.def); 0 for the others
  std::string_view words = {};  // a Text option's only values, space-separated
};

// A text option that takes one of a fixed set of words.
constexpr OptionDef one_word_of(std::string_view name, std::string_view words) {
  return {name, Kind::Text, -1, 0, UINT64_MAX, 0, words};
}

// The options the module acts on: names, kinds and ranges from the
// table the module reads too, so that a value is refused here already,
// as DTrace refuses it when the option is set.
constexpr OptionDef kKernelOptions[] = {
#define DTRACEOPT(NAME, id, name, kind, def, min, max, later) {name, Kind::kind, id, min, max, def},
#include "dtrace/options.def"
#undef DTRACEOPT
};

// Every other option name DTrace documents; those without an effect
// here yet are accepted so that existing scripts keep working.
constexpr OptionDef kOptions[] = {
    {"aggpercpu", Kind::Bool, -1},
    one_word_of("backend", "module bpf"),  // chosen at open (OpenOptions::backend)
    {"amin", Kind::Text, -1},
    {"argref", Kind::Bool, -1},
    {"core", Kind::Bool, -1},
    {"cpp", Kind::Bool, -1},
    {"cpphdrs", Kind::Bool, -1},
    {"cpppath", Kind::Text, -1},
    {"ctypes", Kind::Text, -1},
    {"debug", Kind::Bool, -1},
    {"defaultargs", Kind::Bool, -1},
    {"define", Kind::Text, -1},
    {"droptags", Kind::Bool, -1},
    {"dtypes", Kind::Text, -1},
    {"empty", Kind::Bool, -1},
    one_word_of("encoding", "ascii utf8"),
    {"errtags", Kind::Bool, -1},
    one_word_of("evaltime", "exec preinit postinit main"),
    {"incdir", Kind::Text, -1},
    {"iregs", Kind::Int, -1, 1, DIF_DIR_NREGS},
    {"kdefs", Kind::Bool, -1},
    {"knodefs", Kind::Bool, -1},
    one_word_of("late", "dynamic static"),
    {"lazyload", Kind::Bool, -1},
    {"ldpath", Kind::Text, -1},
    {"libdir", Kind::Text, -1},
    one_word_of("linkmode", "kernel dynamic static"),
    one_word_of("linktype", "elf dof"),
    {"nolibs", Kind::Bool, -1},
    {"pgmax", Kind::Int, -1},
    {"pspec", Kind::Bool, -1},
    {"setenv", Kind::Text, -1},
    one_word_of("stdc", "a c s t"),
    {"strip", Kind::Bool, -1},
    {"syslibdir", Kind::Text, -1},
    {"tree", Kind::Int, -1, 1},
    {"tregs", Kind::Int, -1, 1, DIF_DTR_NREGS},
    {"udefs", Kind::Bool, -1},
    {"unodefs", Kind::Bool, -1},
    {"undef", Kind::Text, -1},
    {"unsetenv", Kind::Text, -1},
    {"verbose", Kind::Bool, -1},
    {"version", Kind::Text, -1},
    {"zdefs", Kind::Bool, -1},
    {"grabanon", Kind::Bool, -1},
    {"noresolve", Kind::Bool, -1},
    {"nodemangle", Kind::Bool, -1},  // C++ user symbols as the object file spells them
    one_word_of("oformat", "none json"),
    {"temporal", Kind::Bool, -1},
    one_word_of("zone", "global"),  // Linux has no zones: every process is in the one "global" zone
    {"aggsortkey", Kind::Bool, -1},
    {"aggsortkeypos", Kind::Int, -1},
    {"aggsortpos", Kind::Int, -1},
    {"aggsortrev", Kind::Bool, -1},
    {"agghist", Kind::Bool, -1},
    {"aggpack", Kind::Bool, -1},
    {"aggzoom", Kind::Bool, -1},
    {"flowindent", Kind::Bool, -1},
    {"quiet", Kind::Bool, -1},
    {"quietresize", Kind::Bool, -1},
    {"rawbytes", Kind::Bool, -1},
    {"stackindent", Kind::Int, -1},
    {"ustackbytes", Kind::Size, -1, 0, DTRACE_MAX_USTACKBYTES},
};

const OptionDef* find(std::string_view name) {
  for (const auto& o : kKernelOptions)
    if (o.name == name) return &o;
  for (const auto& o : kOptions)
    if (o.name == name) return &o;
  return nullptr;
}

Error bad_value() { return make_error("Invalid value for specified option"); }

Result<uint64_t> parse_number(std::string_view v, std::string_view* rest) {
  uint64_t n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p == v.data()) return bad_value();
  *rest = v.substr(static_cast<size_t>(p - v.data()));
  return n;
}

Result<uint64_t> parse_bool(std::string_view v) {
  if (v.empty() || v == "yes" || v == "true" || v == "on" || v == "set" || v == "enable" || v == "enabled" ||
      v == "1")
    return uint64_t{1};
  if (v == "no" || v == "false" || v == "off" || v == "unset" || v == "disable" || v == "disabled" ||
      v == "0")
    return uint64_t{0};
  return bad_value();
}

Result<uint64_t> parse_policy(std::string_view name, std::string_view v) {
  if (name == "bufpolicy") {
    if (v == "switch") return uint64_t{DTRACEOPT_BUFPOLICY_SWITCH};
    if (v == "fill") return uint64_t{DTRACEOPT_BUFPOLICY_FILL};
    if (v == "ring") return uint64_t{DTRACEOPT_BUFPOLICY_RING};
    return bad_value();
  }
  if (v == "auto") return uint64_t{0};
  if (v == "manual") return uint64_t{1};
  return bad_value();
}

// The text options whose value takes a fixed form.
bool text_value_ok(const OptionDef& def, std::string_view v) {
  if (!def.words.empty()) {
    for (std::string_view rest = def.words; !rest.empty();) {
      size_t sp = rest.find(' ');
      if (rest.substr(0, sp) == v) return true;
      rest = sp == std::string_view::npos ? std::string_view() : rest.substr(sp + 1);
    }
    return false;
  }
  if (def.name == "setenv") return v.find('=') != std::string_view::npos && v.front() != '=';
  if (def.name == "unsetenv") return !v.empty() && v.find('=') == std::string_view::npos;
  return true;
}

// -x version=x.y[.z]: DTrace's checks (each part a number, major < 256,
// minor and micro < 4096), then the versions this D knows: only its own,
// 1.0 (dtrace -V), as no later D feature set exists yet.
Result<uint64_t> check_version(std::string_view v) {
  constexpr uint64_t kMax[] = {255, 4095, 4095};
  uint64_t part[3] = {0, 0, 0};
  size_t n = 0;
  std::string_view rest = v;
  for (;;) {
    std::string_view after;
    auto num = parse_number(rest, &after);
    if (!num || n == 3 || *num > kMax[n])
      return make_error("Version is not properly formatted or is too large");
    part[n++] = *num;
    if (after.empty()) break;
    if (after[0] != '.') return make_error("Version is not properly formatted or is too large");
    rest = after.substr(1);
  }
  if (n < 2) return make_error("Version is not properly formatted or is too large");
  if (part[0] != 1 || part[1] != 0 || part[2] != 0)
    return make_error("Requested version is not supported by compiler");
  return uint64_t{(part[0] << 24) | (part[1] << 12) | part[2]};
}

}  // namespace

Result<uint64_t> parse_size(std::string_view v) {
  std::string_view rest;
  auto n = parse_number(v, &rest);
  if (!n) return n;
  uint64_t mul = 1;
  if (rest.size() == 1) {
    switch (std::tolower(static_cast<unsigned char>(rest[0]))) {
      case 'k': mul = 1ull << 10; break;
      case 'm': mul = 1ull << 20; break;
      case 'g': mul = 1ull << 30; break;
      case 't': mul = 1ull << 40; break;
      default: return bad_value();
    }
  } else if (!rest.empty()) {
    return bad_value();
  }
  if (*n > UINT64_MAX / mul) return bad_value();  // 16777216t would wrap to 0
  return *n * mul;
}

Result<uint64_t> parse_time(std::string_view v) {
  std::string_view rest;
  auto n = parse_number(v, &rest);
  if (!n) return n;
  struct Unit {
    std::string_view suffix;
    uint64_t ns;
  };
  static constexpr Unit kUnits[] = {{"", 1},
                                    {"ns", 1},
                                    {"nsec", 1},
                                    {"us", 1000},
                                    {"usec", 1000},
                                    {"ms", 1000000},
                                    {"msec", 1000000},
                                    {"s", 1000000000ull},
                                    {"sec", 1000000000ull},
                                    {"m", 60000000000ull},
                                    {"min", 60000000000ull},
                                    {"h", 3600000000000ull},
                                    {"hour", 3600000000000ull},
                                    {"d", 86400000000000ull},
                                    {"day", 86400000000000ull}};
  if (rest == "hz") {
    if (*n == 0) return bad_value();
    return 1000000000ull / *n;
  }
  for (const auto& u : kUnits)
    if (u.suffix == rest) return *n > UINT64_MAX / u.ns ? bad_value() : Result<uint64_t>(*n * u.ns);
  return bad_value();
}

Options::Options() {
  // dtrace(1) raises these two defaults before reading any option.
  (void)set("bufsize", "4m");
  (void)set("aggsize", "4m");
}

Status Options::set(std::string_view name, std::string_view value) {
  const OptionDef* def = find(name);
  if (!def) return make_error("Invalid option name");
  Result<uint64_t> v = uint64_t{0};
  switch (def->kind) {
    case Kind::Bool: v = parse_bool(value); break;
    case Kind::Size: v = parse_size(value); break;
    case Kind::Time: v = parse_time(value); break;
    case Kind::Int: {
      std::string_view rest;
      v = parse_number(value, &rest);
      if (v && !rest.empty()) v = bad_value();
      break;
    }
    case Kind::Text:
      if (name == "bufpolicy" || name == "bufresize") v = parse_policy(name, value);
      if (!text_value_ok(*def, value)) v = bad_value();
      if (name == "version") v = check_version(value);
      if (name == "amin") {
        consume::Attr a;
        if (!consume::parse_attr(value, &a)) v = bad_value();
      }
      break;
  }
  if (!v) return v.error();
  // The four buffer sizes: as DTrace, a size too small for a buffer is
  // raised to the least one and a size too large is lowered at GO, which
  // says so ("buffer size lowered to ..."); only 0 is refused.
  if (def->kind == Kind::Size && def->max == DTRACE_OPT_MAXSIZE && *v != 0)
    *v = std::clamp(*v, def->min, def->max);
  if (*v < def->min || *v > def->max) return bad_value();
  raw_[std::string(name)] = std::string(value);
  parsed_[std::string(name)] = *v;
  return Ok{};
}

bool Options::flag(std::string_view name) const {
  auto it = parsed_.find(name);
  return it != parsed_.end() && it->second != 0;
}

uint64_t Options::number(std::string_view name) const {
  auto it = parsed_.find(name);
  return it == parsed_.end() ? 0 : it->second;
}

uint64_t Options::value(std::string_view name) const {
  if (auto it = parsed_.find(name); it != parsed_.end() && it->second != 0) return it->second;
  const OptionDef* def = find(name);
  return def ? def->dflt : 0;
}

std::string Options::text(std::string_view name) const {
  auto it = raw_.find(name);
  return it == raw_.end() ? std::string() : it->second;
}

std::vector<dtrace_prog_option> Options::kernel_options() const {
  std::vector<dtrace_prog_option> out;
  for (const auto& [name, value] : parsed_) {
    const OptionDef* def = find(name);
    if (!def || def->kernel_id < 0) continue;
    dtrace_prog_option o{};
    o.dtpo_option = static_cast<uint32_t>(def->kernel_id);
    o.dtpo_value = value;
    out.push_back(o);
  }
  return out;
}

}  // namespace dtrace::api
