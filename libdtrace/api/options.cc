#include "api/options.h"

#include "api/session_options.h"
#include "cc/compiler.h"
#include "consume/probe_stability.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>

namespace dtrace::api {
namespace {

Error bad_value() { return make_error("Invalid value for specified option"); }

Result<uint64_t> parse_number(std::string_view v, std::string_view* rest) {
  uint64_t n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p == v.data()) return bad_value();
  *rest = v.substr(static_cast<size_t>(p - v.data()));
  return n;
}

// The words of a boolean option's value, in any case (quiet=YES, =SeT).
Result<uint64_t> parse_bool(std::string_view value) {
  std::string v(value);
  std::ranges::transform(v, v.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (v.empty() || v == "yes" || v == "true" || v == "on" || v == "set" || v == "enable" || v == "enabled" ||
      v == "1")
    return uint64_t{1};
  if (v == "no" || v == "false" || v == "off" || v == "unset" || v == "disable" || v == "disabled" ||
      v == "0")
    return uint64_t{0};
  return bad_value();
}

Result<uint64_t> parse_bufpolicy(std::string_view v) {
  if (v == "switch") return uint64_t{DTRACEOPT_BUFPOLICY_SWITCH};
  if (v == "fill") return uint64_t{DTRACEOPT_BUFPOLICY_FILL};
  if (v == "ring") return uint64_t{DTRACEOPT_BUFPOLICY_RING};
  return bad_value();
}

Result<uint64_t> parse_bufresize(std::string_view v) {
  if (v == "auto") return uint64_t{0};
  if (v == "manual") return uint64_t{1};
  return bad_value();
}

Result<uint64_t> parse_setenv_value(std::string_view v) {
  if (v.find('=') != std::string_view::npos && v.front() != '=') return uint64_t{0};
  return bad_value();
}

Result<uint64_t> parse_unsetenv_value(std::string_view v) {
  if (!v.empty() && v.find('=') == std::string_view::npos) return uint64_t{0};
  return bad_value();
}

Result<uint64_t> parse_attr_value(std::string_view v) {
  consume::Attr a;
  if (!consume::parse_attr(v, &a)) return bad_value();
  return uint64_t{0};
}

// A word option's value is one of its words.
bool is_one_of(std::string_view words, std::string_view v) {
  for (std::string_view rest = words; !rest.empty();) {
    size_t sp = rest.find(' ');
    if (rest.substr(0, sp) == v) return true;
    rest = sp == std::string_view::npos ? std::string_view() : rest.substr(sp + 1);
  }
  return false;
}

// -x version=x.y[.z]: DTrace's checks (each part a number, major < 256,
// minor and micro < 4096), then the versions this D knows: only its own,
// 1.0 (dtrace -V), as no later D feature set exists yet.
Result<uint64_t> parse_version(std::string_view v) {
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

// The module's options: names, kinds, ranges and defaults from the
// table the module reads too, so that a value is refused here already,
// as DTrace refuses it when the option is set; DT_KOPT rows add what
// dtrace does with some of them.
struct KernelExtra {
  int id;
  Behaviour b;
};
constexpr KernelExtra kKernelExtras[] = {
#define DT_KOPT(NAME, ...) {DTRACEOPT_##NAME, Behaviour{__VA_ARGS__}},
#include "api/consumer_options.def"
};

constexpr Behaviour kernel_behaviour(int id, uint64_t min, uint64_t max) {
  Behaviour b{};
  for (const KernelExtra& e : kKernelExtras)
    if (e.id == id) b = e.b;
  b.min = min;
  b.max = max;
  return b;
}

constexpr OptionDef kKernelOptions[] = {
#define DTRACEOPT(NAME, id, name, kind, def, min, max, later) \
  {name, Kind::kind, id, def, kernel_behaviour(id, min, max)},
#include "dtrace/options.def"
#undef DTRACEOPT
};

// The module's options are found by DTRACEOPT_* id as an index.
constexpr bool ids_are_indexes() {
  for (size_t i = 0; i < std::size(kKernelOptions); i++)
    if (kKernelOptions[i].kernel_id != static_cast<int>(i)) return false;
  return std::size(kKernelOptions) == DTRACEOPT_MAX;
}
static_assert(ids_are_indexes());

constexpr OptionDef kOptions[] = {
#define DT_COPT(name, kind, ...) {#name, Kind::kind, -1, 0, Behaviour{__VA_ARGS__}},
#include "api/consumer_options.def"
};

void assign(bool& field, uint64_t v, std::string_view) { field = v != 0; }
void assign(uint64_t& field, uint64_t v, std::string_view) { field = v; }
void assign(std::string& field, uint64_t, std::string_view text) { field = text; }

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

const OptionDef* find_option(std::string_view name) {
  for (const auto& o : kKernelOptions)
    if (o.name == name) return &o;
  for (const auto& o : kOptions)
    if (o.name == name) return &o;
  return nullptr;
}

std::vector<const OptionDef*> all_options() {
  std::vector<const OptionDef*> out;
  for (const auto& o : kKernelOptions) out.push_back(&o);
  for (const auto& o : kOptions) out.push_back(&o);
  return out;
}

bool Options::is_set(const OptionDef& def) const {
  if (def.kernel_id >= 0) return kernel_set_[static_cast<size_t>(def.kernel_id)];
  return set_[static_cast<size_t>(&def - kOptions)];
}

Options::Options() {
  // dtrace(1) raises these two defaults before reading any option.
  store(kKernelOptions[DTRACEOPT_BUFSIZE], 4u << 20, "4m");
  store(kKernelOptions[DTRACEOPT_AGGSIZE], 4u << 20, "4m");
}

Result<uint64_t> Options::parse(const OptionDef& def, std::string_view value) {
  Result<uint64_t> v = uint64_t{0};
  switch (def.kind) {
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
      if (def.b.parse) v = def.b.parse(value);
      if (!def.b.words.empty() && !is_one_of(def.b.words, value)) v = bad_value();
      break;
  }
  if (!v) return v;
  // The four buffer sizes: as DTrace, a size too small for a buffer is
  // raised to the least one and a size too large is lowered at GO, which
  // says so ("buffer size lowered to ..."); only 0 is refused.
  if (def.kind == Kind::Size && def.b.max == DTRACE_OPT_MAXSIZE && *v != 0)
    *v = std::clamp(*v, def.b.min, def.b.max);
  if (*v < def.b.min || *v > def.b.max) return bad_value();
  return v;
}

void Options::store(const OptionDef& def, uint64_t v, std::string_view text) {
  if (def.kernel_id >= 0) {
    kernel_[def.kernel_id] = v;
    kernel_set_[static_cast<size_t>(def.kernel_id)] = true;
    return;
  }
  auto id = static_cast<Opt>(&def - kOptions);
  set_[static_cast<size_t>(id)] = true;
  switch (id) {
#define DT_COPT(name, kind, ...) \
  case Opt::name:                \
    assign(v_.name, v, text);    \
    break;
#include "api/consumer_options.def"
    case Opt::kCount: break;
  }
}

Status Options::set(std::string_view name, std::string_view value) {
  const OptionDef* def = find_option(name);
  if (!def) return make_error("Invalid option name");
  auto v = parse(*def, value);
  if (!v) return v.error();
  store(*def, *v, value);
  return Ok{};
}

void Options::unset(Opt id) { store(kOptions[static_cast<size_t>(id)], 0, "no"); }

uint64_t Options::value(dtrace_option id) const {
  return kernel_[id] ? kernel_[id] : kKernelOptions[id].dflt;
}

std::vector<dtrace_prog_option> Options::kernel_options() const {
  std::vector<dtrace_prog_option> out;
  for (const OptionDef& def : kKernelOptions) {
    if (!kernel_set_[static_cast<size_t>(def.kernel_id)]) continue;
    dtrace_prog_option o{};
    o.dtpo_option = static_cast<uint32_t>(def.kernel_id);
    o.dtpo_value = kernel_[def.kernel_id];
    out.push_back(o);
  }
  return out;
}

}  // namespace dtrace::api
