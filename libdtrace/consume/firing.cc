#include "consume/firing.h"

extern char** environ;

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "consume/error_report.h"
#include "consume/firing_actions.h"
#include "consume/json_records.h"
#include "consume/print_value.h"
#include "consume/probe_list.h"
#include "consume/record_format.h"
#include "consume/tracemem.h"

namespace dtrace::consume {

Result<std::span<const uint8_t>> record_bytes(std::span<const uint8_t> data, const dtrace_recdesc& rec) {
  if (rec.dtrd_offset > data.size() || data.size() - rec.dtrd_offset < rec.dtrd_size)
    return make_error("record at offset " + std::to_string(rec.dtrd_offset) + " lies outside its firing");
  return data.subspan(rec.dtrd_offset, rec.dtrd_size);
}

// printf and friends: the head's format applied to its ARG records.
Result<std::string> format_with_args(const FiringView& f, size_t head, const TextOptions& t) {
  const cc::Action& act = f.program->actions[f.clause->first_action + head];
  std::vector<Datum> args;
  for (uint32_t k = 1; k <= act.ntuple; k++) {
    size_t i = head + k;
    if (i >= f.ep->recs.size()) return make_error("printf arguments missing from record");
    auto bytes = record_bytes(f.data, f.ep->recs[i]);
    if (!bytes) return bytes.error();
    args.push_back(Datum{&f.program->actions[f.clause->first_action + i].type, *bytes});
  }
  return format_printf(act.format, args, t);
}

std::string agg_name(const FiringView& f, size_t i) {
  const cc::Action& a = f.program->actions[f.clause->first_action + i];
  return a.aggvar < f.program->aggs.size() ? f.program->aggs[a.aggvar].name : std::string();
}

Status do_printa(const FiringView& f, PrintState& st, size_t head, FILE* out) {
  const cc::Action& act = f.program->actions[f.clause->first_action + head];
  std::vector<std::string> names;
  for (uint32_t k = 1; k <= act.ntuple; k++) names.push_back(agg_name(f, head + k));
  if (!st.aggs || !st.aggs->printa) return Ok{};
  auto text = st.aggs->printa(act.has_format ? &act.format : nullptr, names);
  if (!text) return text.error();
  std::fputs(text->c_str(), out);
  return Ok{};
}

Status do_libact(const FiringView& f, PrintState& st, size_t head) {
  const cc::Action& act = f.program->actions[f.clause->first_action + head];
  if (act.ntuple < 1 || !st.aggs || !st.aggs->libact) return Ok{};
  int64_t n = 0;
  bool has_n = act.ntuple >= 2;
  if (has_n) {
    size_t i = head + 2;
    if (i >= f.ep->recs.size()) return make_error("aggregation action argument missing from record");
    auto bytes = record_bytes(f.data, f.ep->recs[i]);
    if (!bytes) return bytes.error();
    n = Datum{&f.program->actions[f.clause->first_action + i].type, *bytes}.as_signed();
  }
  st.aggs->libact(act.arg, agg_name(f, head + 1), has_n, n);
  return Ok{};
}

// system(): the command runs through /bin/sh once what was printed before
// it is out; its standard output is the session's output.
void do_system(const std::string& cmd, FILE* out) {
  std::fflush(out);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  int fd = fileno(out);  // -1 for the C API's in-memory output: the command keeps stdout
  if (fd >= 0 && fd != STDOUT_FILENO) posix_spawn_file_actions_adddup2(&fa, fd, STDOUT_FILENO);
  const char* argv[] = {"sh", "-c", cmd.c_str(), nullptr};
  pid_t pid;
  if (posix_spawn(&pid, "/bin/sh", &fa, nullptr, const_cast<char* const*>(argv), environ) == 0) {
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  }
  posix_spawn_file_actions_destroy(&fa);
}

// freopen(path): what follows goes to the end of path (created if need
// be); freopen("") returns to the session's first output.
std::string do_freopen(const std::string& path, PrintState& st, FILE* out) {
  std::fflush(out);
  if (fileno(out) < 0) return "";  // the C API's in-memory output has no file to move
  if (path.empty()) {
    if (st.saved_out_fd >= 0) dup2(st.saved_out_fd, fileno(out));
    return "";
  }
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  if (fd < 0) return "failed to freopen " + path + ": " + std::strerror(errno);
  if (st.saved_out_fd < 0) st.saved_out_fd = fcntl(fileno(out), F_DUPFD_CLOEXEC, 3);
  dup2(fd, fileno(out));
  close(fd);
  return "";
}

// ftruncate(): the output file is emptied and written from its start.
void do_ftruncate(FILE* out) {
  std::fflush(out);
  if (ftruncate(fileno(out), 0) == 0) std::fseek(out, 0, SEEK_SET);
}

namespace {

// setopt(name[, value]): refused options are reported as DTrace reports
// a library error on an enabled probe; tracing goes on.
Status do_setopt(const FiringView& f, PrintState& st, size_t head, FILE* out) {
  const cc::Action& act = f.program->actions[f.clause->first_action + head];
  std::string value;
  if (act.ntuple >= 1) {
    if (head + 1 >= f.ep->recs.size()) return make_error("setopt value missing from record");
    auto bytes = record_bytes(f.data, f.ep->recs[head + 1]);
    if (!bytes) return bytes.error();
    value = Datum{&f.program->actions[f.clause->first_action + head + 1].type, *bytes}.as_string();
  }
  if (!st.session || !st.session->setopt) return Ok{};
  std::string why = st.session->setopt(act.format, value);
  if (why.empty()) return Ok{};
  std::fflush(out);
  std::fprintf(stderr, "dtrace: %s\n",
               library_error(f, "couldn't set option \"" + act.format + "\" to \"" + value + "\": " + why)
                   .message.c_str());
  return Ok{};
}

// -F: two blanks per call depth, then "-> func" / "<- func" for entry and
// return probes ("=> " / "<= " for syscalls), "| func:name" otherwise.
std::string flow_name(const dtrace_probedesc& p, PrintState& st) {
  std::string name(p.dtpd_name, strnlen(p.dtpd_name, sizeof p.dtpd_name));
  std::string func(p.dtpd_func, strnlen(p.dtpd_func, sizeof p.dtpd_func));
  bool sys = std::strncmp(p.dtpd_provider, "syscall", sizeof p.dtpd_provider) == 0;
  if (name == "entry") {
    std::string out = std::string(static_cast<size_t>(2 * st.flow_depth), ' ') + (sys ? "=> " : "-> ") + func;
    st.flow_depth++;
    return out;
  }
  if (name == "return") {
    if (st.flow_depth > 0) st.flow_depth--;
    return std::string(static_cast<size_t>(2 * st.flow_depth), ' ') + (sys ? "<= " : "<- ") + func;
  }
  return std::string(static_cast<size_t>(2 * st.flow_depth), ' ') + "| " + func + ":" + name;
}

// tracemem(addr, size[, dynsize]): the recorded bytes, or only the first
// dynsize of them when the continuation recorded a smaller count.
Result<std::string> format_tracemem_action(const FiringView& f, size_t head, std::span<const uint8_t> bytes) {
  const cc::Action& act = f.program->actions[f.clause->first_action + head];
  if (act.ntuple >= 1 && head + 1 < f.ep->recs.size()) {
    auto dyn = record_bytes(f.data, f.ep->recs[head + 1]);
    if (!dyn) return dyn.error();
    uint64_t n = Datum{nullptr, *dyn}.as_unsigned();
    if (n < bytes.size()) bytes = bytes.first(n);
  }
  return format_tracemem(bytes);
}

}  // namespace

Status print_firing(const FiringView& f, PrintState& st, FILE* out) {
  // JSON keeps its (empty) object for such a firing: json/tst.more
  // counts them.
  if (st.json) return print_firing_json(f, st, out);
  if (f.clause->records_nothing) return Ok{};
  if (f.ep->recs.size() != f.clause->naction)
    return make_error("EPID " + std::to_string(f.ep->epid) + " has " + std::to_string(f.ep->recs.size()) +
                      " records for " + std::to_string(f.clause->naction) + " actions");
  bool continues = f.clause->part > 0 && st.line_open;
  if (!continues) end_line(st, out);
  if (!st.quiet && !continues) {
    if (!st.header_printed) {
      if (st.flowindent) std::fprintf(out, "%3s %-41s\n", "CPU", "FUNCTION");
      else std::fprintf(out, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
      st.header_printed = true;
    }
    if (st.flowindent) std::fprintf(out, "%3u %-41s ", f.cpu, flow_name(*f.probe, st).c_str());
    else std::fprintf(out, "%3u %6u %32s ", f.cpu, f.probe->dtpd_id, probe_func_name(*f.probe).c_str());
  }
  st.line_open = true;
  for (size_t i = 0; i < f.ep->recs.size(); i++) {
    const cc::Action& act = f.program->actions[f.clause->first_action + i];
    auto bytes = record_bytes(f.data, f.ep->recs[i]);
    if (!bytes) return bytes.error();
    if (is_traced_value(act.kind)) {
      std::fputs(format_trace(Datum{&act.type, *bytes}, st.quiet, st.text).c_str(), out);
      continue;
    }
    switch (act.kind) {
      case DTRACEACT_TRACEMEM: {
        auto text = format_tracemem_action(f, i, *bytes);
        if (!text) return text.error();
        std::fputs(text->c_str(), out);
        i += act.ntuple;
        break;
      }
      case DTRACEACT_PRINT:
        if (act.type.print_type) std::fputs(format_print(*act.type.print_type, *bytes).c_str(), out);
        else std::fputs(format_trace(Datum{&act.type, *bytes}, st.quiet, st.text).c_str(), out);
        break;
      case DTRACEACT_PRINTF: {
        auto text = format_with_args(f, i, st.text);
        if (!text) return text.error();
        std::fputs(text->c_str(), out);
        i += act.ntuple;
        break;
      }
      case DTRACEACT_PRINTA: {
        Status s = do_printa(f, st, i, out);
        if (!s) return s;
        i += act.ntuple;
        break;
      }
      case DTRACEACT_LIBACT: {
        Status s = do_libact(f, st, i);
        if (!s) return s;
        i += act.ntuple;
        break;
      }
      case DTRACEACT_SYSTEM:
      case DTRACEACT_FREOPEN: {
        auto text = format_with_args(f, i, st.text);
        if (!text) return text.error();
        if (act.kind == DTRACEACT_SYSTEM) do_system(*text, out);
        else if (std::string why = do_freopen(*text, st, out); !why.empty())
          std::fprintf(stderr, "dtrace: %s\n", why.c_str());
        i += act.ntuple;
        break;
      }
      case DTRACEACT_FTRUNCATE: do_ftruncate(out); break;
      case DTRACEACT_SETOPT: {
        Status s = do_setopt(f, st, i, out);
        if (!s) return s;
        i += act.ntuple;
        break;
      }
      case DTRACEACT_EXIT:
        if (bytes->size() == sizeof(int32_t)) {
          int32_t status;
          std::memcpy(&status, bytes->data(), sizeof status);
          st.exit_status = status;
        }
        break;
      default:  // aggregations record elsewhere: skip their key continuations
        if ((act.kind & 0xff00) == 0x0700) i += act.ntuple;
        break;
    }
  }
  return Ok{};
}

bool is_traced_value(uint16_t kind) {
  switch (kind) {
    case DTRACEACT_DIFEXPR:
    case DTRACEACT_STACK:
    case DTRACEACT_USTACK:
    case DTRACEACT_JSTACK:
    case DTRACEACT_SYM:
    case DTRACEACT_MOD:
    case DTRACEACT_USYM:
    case DTRACEACT_UMOD:
    case DTRACEACT_UADDR: return true;
    default: return false;
  }
}

void end_line(PrintState& st, FILE* out) {
  if (st.line_open && !st.quiet) std::fputc('\n', out);
  st.line_open = false;
}

}  // namespace dtrace::consume
