// The stability attributes dtrace -lv reports: DTrace fixes them per
// provider (its provider, module, function, name and argument parts);
// each provider's table in kernel/uapi/dtrace/providers/ gives them.
#pragma once

#include <string>
#include <string_view>

namespace dtrace::consume {

// Ordered as DTrace orders them: lower is less stable.
enum class Stability { Internal, Private, Obsolete, External, Unstable, Evolving, Stable, Standard };
enum class DepClass { Unknown, Cpu, Platform, Group, Isa, Common };

struct Attr {
  Stability name, data;
  DepClass cls;
};

struct ProbeAttrs {
  Attr desc;  // the least stable of the provider part and the parts the probe names
  Attr args;
};

// A probe's attributes; an empty module or function (dtrace:::BEGIN) does
// not lower the description's stability.
ProbeAttrs probe_attrs(std::string_view provider, bool has_mod = true, bool has_func = true);
const char* stability_name(Stability s);
const char* class_name(DepClass c);

// -x amin: "name[/data[/class]]", names matched without regard to case;
// a part left out is the most stable value (Standard, Common). False: not
// attributes.
bool parse_attr(std::string_view text, Attr* out);
std::string attr_text(Attr a);      // "Evolving/Evolving/Common"
bool attr_below(Attr a, Attr min);  // any part less stable than min's

}  // namespace dtrace::consume
