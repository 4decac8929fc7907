// The C API (dtrace/consumer.h): a thin wrapper of dtrace::Handle that
// turns Result/Status into -1 and a kept message. No semantics live here.
#include "dtrace/consumer.h"

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "dtrace/handle.h"

struct dtc_handle {
  std::unique_ptr<dtrace::Handle> h;
  std::string err;
};

namespace {

std::string open_error;

int fail(dtc_handle_t* h, const dtrace::Error& e) {
  h->err = e.line > 0 ? "line " + std::to_string(e.line) + ": " + e.message : e.message;
  return -1;
}

// Runs `fn` with a memory stream and returns what it wrote.
template <typename Fn>
std::string captured(Fn fn) {
  char* buf = nullptr;
  size_t len = 0;
  FILE* f = open_memstream(&buf, &len);
  if (f == nullptr) return {};
  fn(f);
  std::fclose(f);
  std::string out(buf, len);
  std::free(buf);
  return out;
}

}  // namespace

extern "C" {

dtc_handle_t* dtc_open(const char* device, const char** err) {
  dtrace::OpenOptions o;
  if (device) o.device_path = device;
  auto h = dtrace::Handle::open(o);
  if (!h) {
    open_error = h.error().message;
    if (err) *err = open_error.c_str();
    return nullptr;
  }
  return new dtc_handle{std::move(*h), {}};
}

void dtc_close(dtc_handle_t* h) { delete h; }

const char* dtc_errmsg(const dtc_handle_t* h) { return h ? h->err.c_str() : open_error.c_str(); }

int dtc_setopt(dtc_handle_t* h, const char* name, const char* value) {
  auto st = h->h->set_option(name, value ? value : "");
  return st ? 0 : fail(h, st.error());
}

int dtc_compile(dtc_handle_t* h, const char* source) {
  auto p = h->h->compile(source);
  return p ? static_cast<int>(*p) : fail(h, p.error());
}

int dtc_exec(dtc_handle_t* h, int program, unsigned* nprobes) {
  if (program < 0) {
    h->err = "invalid program index";
    return -1;
  }
  auto n = h->h->enable(static_cast<size_t>(program));
  if (!n) return fail(h, n.error());
  if (nprobes) *nprobes = *n;
  return 0;
}

int dtc_go(dtc_handle_t* h) {
  auto st = h->h->go();
  return st ? 0 : fail(h, st.error());
}

dtc_work_t dtc_work(dtc_handle_t* h, FILE* out) {
  auto w = h->h->work(out);
  if (!w) {
    fail(h, w.error());
    return DTC_WORK_ERROR;
  }
  return *w == dtrace::Work::Continue ? DTC_WORK_CONTINUE : DTC_WORK_DONE;
}

dtc_work_t dtc_consume(dtc_handle_t* h, dtc_consume_f* fn, void* arg) {
  dtc_work_t r = DTC_WORK_ERROR;
  std::string text = captured([&](FILE* f) { r = dtc_work(h, f); });
  if (!text.empty()) fn(text.data(), text.size(), arg);
  return r;
}

int dtc_stop(dtc_handle_t* h, FILE* out) {
  dtrace::Status st = dtrace::Ok{};
  if (out) st = h->h->stop(out);
  else captured([&](FILE* f) { st = h->h->stop(f); });
  return st ? 0 : fail(h, st.error());
}

int dtc_exit_status(const dtc_handle_t* h) { return h->h->exit_status(); }

int dtc_status(dtc_handle_t* h, dtc_status_t* out) {
  auto s = h->h->status();
  if (!s) return fail(h, s.error());
  out->exiting = s->exiting;
  out->filled = s->filled;
  out->errors = s->errors;
  out->drops = s->drops;
  return 0;
}

int dtc_aggregate_walk(dtc_handle_t* h, dtc_aggwalk_f* fn, void* arg) {
  auto entries = h->h->aggregate_entries();
  if (!entries) return fail(h, entries.error());
  for (const dtrace::AggregateEntry& e : *entries) {
    std::vector<const char*> keys;
    for (const std::string& k : e.keys) keys.push_back(k.c_str());
    dtc_aggentry_t c{e.name.c_str(), static_cast<int>(keys.size()), keys.data(), e.value};
    if (fn(&c, arg) != 0) break;
  }
  return 0;
}

int dtc_aggregate_print(dtc_handle_t* h, FILE* out) {
  auto st = h->h->print_aggregations(out);
  return st ? 0 : fail(h, st.error());
}

}  // extern "C"
