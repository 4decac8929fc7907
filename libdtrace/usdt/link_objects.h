// dtrace -G: checks that every stapsdt probe site in the application's
// objects belongs to a probe of the provider definitions (same argument
// count), then writes the object to link into the application: drti
// (drti/drti.c, embedded at build time, put through `ld -r`), which
// registers the sites' probes at run time from the records the probe
// macros left.
#pragma once

#include <string>
#include <vector>

#include "usdt/provider_defs.h"
#include "util/result.h"

namespace dtrace::usdt {

Status check_objects(const std::vector<ProviderDef>& providers, const std::vector<std::string>& objects);

// How -G makes its object: with `ld -r` (-x ldpath), leaving out the
// compiler's identification (.comment, -x strip) or drti's constructor
// and destructor (-x lazyload: nothing registers the probes at load; a
// dtrace -c/-p finds them from the .note.stapsdt notes when it traces
// the process).
struct LinkOptions {
  std::string ld = "ld";
  bool strip = false;
  bool lazyload = false;
};

Status write_drti_object(const std::string& path, const LinkOptions& opts = {});

// The compiled drti object, embedded at build time.
extern const unsigned char kDrtiObject[];
extern const unsigned long kDrtiObjectSize;

}  // namespace dtrace::usdt
