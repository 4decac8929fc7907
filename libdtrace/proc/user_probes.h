// The hook that turns probe descriptions naming user-space probes into
// probes in the module (DTRACEIOC_USERPROBE), before the compiler
// matches them. The module knows no user symbols: each creator below
// reads them from the target's objects and creates exactly the probes a
// description names.
//
// Adding a creator (e.g. stapsdt notes): write
//   Result<uint32_t> create_xxx_probes(const cc::ProbeSpec&, UserProbeContext&);
// returning 0 when the description is none of its business, the number
// of probes it created (or found existing) otherwise, or an Error with a
// D_PROC_* tag; then list it in kCreators in user_probes.cc.
#pragma once

#include <sys/types.h>

#include <map>
#include <memory>

#include "cc/program.h"
#include "kio/device.h"
#include "proc/process_image.h"
#include "util/result.h"

namespace dtrace::proc {

struct UserProbeContext {
  kio::Device& dev;
  ObjectFiles& files;  // the session's
  // The objects mapped into pid (read once per description batch).
  Result<const ProcessImage*> image(pid_t pid);
  // Creates one probe: fills dtup_desc.dtpd_id. Errors name the probe.
  Result<uint32_t> create(dtrace_userprobe& up);

  std::map<pid_t, std::unique_ptr<ProcessImage>> images;
  // Where set (a late registration, api/late_helpers.h): a probe that
  // exists already is left as it is, and the ids of those made are added.
  std::vector<uint32_t>* fresh = nullptr;
};

using UserProbeCreator = Result<uint32_t> (*)(cc::ProbeSpec&, UserProbeContext&);

// Runs every creator over spec (macros already expanded); returns the
// number of user probes created for it (0: not a user probe description).
// A module named by an alias ("a.out", "libc") is renamed in spec to the
// name its probes carry ("date", "libc.so.6"), so that spec matches them.
Result<uint32_t> create_user_probes(cc::ProbeSpec& spec, UserProbeContext& ctx);

// The pid provider: pid<N>:module:function:{entry,return,<hex offset>}.
Result<uint32_t> create_pid_probes(cc::ProbeSpec& spec, UserProbeContext& ctx);
// USDT probes of .note.stapsdt notes: <provider><N>:module:function:name.
Result<uint32_t> create_stapsdt_probes(cc::ProbeSpec& spec, UserProbeContext& ctx);

// The probes of an object linked with drti (dtrace -G) that the device
// did not take drti's registration of: provider<pid>, from its site
// records (drti_probes.cc). Called by the stapsdt creator.
Result<uint32_t> create_drti_probes(const cc::ProbeSpec& spec, const std::string& provider, pid_t pid,
                                    const MappedObject& o, UserProbeContext& ctx);
// All the probes of one drti object of pid (none of -x lazyload) whose
// providers, as provider<pid>, spec's provider matches.
Result<uint32_t> create_drti_object_probes(const cc::ProbeSpec& spec, pid_t pid, const MappedObject& o,
                                           UserProbeContext& ctx);
// Where the device takes no drti registrations, a provider glob
// ("testapp*") matches the drti objects' providers of every process
// (provider<pid>), as the module's registrations of every process do.
Result<uint32_t> create_drti_probes_of_all(const cc::ProbeSpec& spec, UserProbeContext& ctx);
// All of them, for a listing of every probe, as the module lists every
// registered process's.
Result<uint32_t> create_every_drti_probe(UserProbeContext& ctx);

// A DTRACE_UP_USDT request for one site of provider<pid>:module:func:name
// in object o: the site's and the semaphore's file offsets (0: none) and
// where its arguments are.
struct UsdtSite {
  uint64_t offset = 0, refctr = 0;
};
dtrace_userprobe usdt_request(const std::string& provider, pid_t pid, const MappedObject& o,
                              const std::string& func, const std::string& name, UsdtSite site,
                              const std::vector<dtrace_uarg>& args);

// Shared by the creators: an empty pattern or an fnmatch(3) glob.
bool glob_matches(const std::string& pattern, const std::string& s);
bool is_glob(const std::string& s);
// A module pattern against an object: its file name, a library's name
// without its version ("libc" or "libc.so" for libc.so.6), "a.out" for
// the executable.
bool module_matches(const std::string& pattern, const MappedObject& o);
// Renames spec.mod, when it is such an alias, to the one module it names.
void name_module(cc::ProbeSpec& spec, const ProcessImage& img);
// Copies s into a fixed-size, NUL-terminated field.
void copy_field(char* dst, size_t n, const std::string& s);

}  // namespace dtrace::proc
