// The record walker over a synthesized firing: the same records through
// the text and the JSON output, and what the session is asked to do.
#include "consume/firing.h"
#include "consume/record_output.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace dtrace::consume {
namespace {

// A clause's actions and the bytes its firing recorded, laid out as the
// module lays records out (each at its offset, in action order).
struct Synth {
  cc::Program prog;
  kio::EpDesc ep;
  dtrace_probedesc probe{};
  std::vector<uint8_t> data;

  Synth() {
    probe.dtpd_id = 7;
    std::strcpy(probe.dtpd_provider, "test");
    std::strcpy(probe.dtpd_mod, "mod");
    std::strcpy(probe.dtpd_func, "func");
    std::strcpy(probe.dtpd_name, "name");
    prog.clauses.resize(1);
  }
  // An action with a 4-byte int record.
  void add(uint16_t kind, int32_t v, uint32_t ntuple = 0, std::string format = "") {
    cc::Action a;
    a.kind = kind;
    a.ntuple = ntuple;
    a.format = std::move(format);
    a.has_format = !a.format.empty();
    a.type = cc::ValueType{cc::ValueType::Kind::Signed, 4, "int"};
    prog.actions.push_back(a);
    dtrace_recdesc r{};
    r.dtrd_action = kind;
    r.dtrd_size = 4;
    r.dtrd_offset = static_cast<uint32_t>(data.size());
    ep.recs.push_back(r);
    data.resize(data.size() + 4);
    std::memcpy(data.data() + r.dtrd_offset, &v, 4);
    prog.clauses[0].naction++;
  }
  FiringView view() const { return FiringView{1, &probe, &ep, &prog, &prog.clauses[0], data, 1234}; }
};

// What `write` prints on a FILE*.
template <typename Write>
std::string captured(Write write) {
  char* buf = nullptr;
  size_t len = 0;
  FILE* out = open_memstream(&buf, &len);
  write(out);
  std::fclose(out);
  std::string text(buf, len);
  std::free(buf);
  return text;
}

// `firings` firings of s printed into one string, the last line ended.
std::string print(const Synth& s, PrintState& st, int firings = 1) {
  return captured([&](FILE* out) {
    for (int i = 0; i < firings; i++) EXPECT_TRUE(print_firing(s.view(), st, out));
    end_line(st, out);
  });
}

Synth trace_printf_exit() {
  Synth s;
  s.add(DTRACEACT_DIFEXPR, 42);
  s.add(DTRACEACT_PRINTF, 0, 1, "x=%d");
  s.add(DTRACEACT_ARG, -5);
  s.add(DTRACEACT_EXIT, 3);
  return s;
}

TEST(Firing, OneWalkPrintsTextAndJson) {
  Synth s = trace_printf_exit();
  PrintState text;
  EXPECT_EQ(print(s, text, 2),
            "CPU     ID                    FUNCTION:NAME\n"
            "  1      7                        func:name        42x=-5\n"
            "  1      7                        func:name        42x=-5\n");
  EXPECT_EQ(text.exit_status, 3);
  PrintState json;
  json.json = true;
  std::string line =
      "{\"type\":\"probe\",\"timestamp\":1234,\"cpu\":1,\"id\":7,\"provider\":\"test\",\"module\":\"mod\","
      "\"function\":\"func\",\"name\":\"name\",\"output\":[{\"kind\":\"trace\",\"value\":42},"
      "{\"kind\":\"printf\",\"message\":\"x=-5\",\"args\":[-5]},{\"kind\":\"exit\",\"status\":3}]}\n";
  EXPECT_EQ(print(s, json), line);
  EXPECT_EQ(json.exit_status, 3);
  PrintState quiet;
  quiet.quiet = true;
  EXPECT_EQ(print(s, quiet), "42x=-5");
}

// printf("%c", 0) writes the NUL and what follows it, as DTrace's does.
TEST(Firing, PrintfKeepsEveryByteAfterANul) {
  Synth s;
  s.add(DTRACEACT_PRINTF, 0, 1, "[%c]\n");
  s.add(DTRACEACT_ARG, 0);
  PrintState quiet;
  quiet.quiet = true;
  EXPECT_EQ(print(s, quiet), std::string("[\0]\n", 4));
}

// Aggregating actions record nothing of their own: their continuations
// are skipped, and a firing of nothing but them has a JSON object and no
// text line.
TEST(Firing, AggregationsAndEmptyFirings) {
  Synth s;
  s.add(DTRACEACT_AGG_COUNT, 0, 1);
  s.add(DTRACEACT_AGGKEY, 9);
  s.add(DTRACEACT_DIFEXPR, 1);
  PrintState quiet;
  quiet.quiet = true;
  EXPECT_EQ(print(s, quiet), "1");
  Synth none;
  none.prog.clauses[0].records_nothing = true;
  PrintState text, json;
  json.json = true;
  EXPECT_EQ(print(none, text), "");
  EXPECT_NE(print(none, json).find("\"output\":[]}\n"), std::string::npos);
}

TEST(Firing, TracememShowsItsDynamicSize) {
  Synth s;
  s.add(DTRACEACT_TRACEMEM, 0x44434241, 1);
  s.add(DTRACEACT_TRACEMEM_DYNSIZE, 2);
  PrintState json;
  json.json = true;
  EXPECT_NE(print(s, json).find("{\"kind\":\"tracemem\",\"bytes\":[65,66]}"), std::string::npos);
}

// freopen() is the session's: what follows goes to the file, and JSON
// ends its line in the file it leaves.
TEST(Firing, FreopenMovesTheOutputNotTheFormatter) {
  char path[] = "/tmp/firing_testXXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  close(fd);
  Synth s;
  s.add(DTRACEACT_PRINTF, 0, 0, "before ");
  s.add(DTRACEACT_FREOPEN, 0, 0, path);
  s.add(DTRACEACT_PRINTF, 0, 0, "after");
  s.add(DTRACEACT_FREOPEN, 0, 0, "");
  FILE* out = std::tmpfile();
  ASSERT_NE(out, nullptr);
  PrintState st;
  st.json = true;
  ASSERT_TRUE(print_firing(s.view(), st, out));
  std::fflush(out);
  std::rewind(out);
  char buf[4096];
  std::string stayed(buf, std::fread(buf, 1, sizeof buf, out));
  std::fclose(out);
  std::stringstream moved;
  moved << std::ifstream(path).rdbuf();
  unlink(path);
  EXPECT_NE(stayed.find("{\"kind\":\"printf\",\"message\":\"before \",\"args\":[]},{\"kind\":\"freopen\""),
            std::string::npos);
  EXPECT_EQ(stayed.find("after"), std::string::npos);
  EXPECT_NE(moved.str().find("\"output\":[{\"kind\":\"printf\",\"message\":\"after\",\"args\":[]},"
                             "{\"kind\":\"freopen\",\"path\":\"\"}]}\n"),
            std::string::npos);
  if (st.saved_out_fd >= 0) close(st.saved_out_fd);
}

// What the session prints outside firings goes through the same outputs:
// the end of a run, and a JSON notice given before there was an output
// (at GO) waits for the next one.
TEST(Firing, SessionOutputOutsideFirings) {
  PrintState text;
  EXPECT_EQ(captured([&](FILE* out) {
              auto o = make_output(text, out);
              o->interrupted();
              o->stopped();
              o->finished(3);
            }),
            "\n\n");
  PrintState json;
  json.json = true;
  make_output(json, nullptr)
      ->notice(Notice{"notice", "buffer size lowered to 4k"}.with("value", uint64_t{4096}));
  EXPECT_EQ(json.waiting.size(), 1u);
  EXPECT_EQ(captured([&](FILE* out) {
              auto o = make_output(json, out);
              o->interrupted();
              o->stopped();
              o->write_waiting();
              o->finished(3);
            }),
            "{\"type\":\"notice\",\"value\":4096,\"message\":\"buffer size lowered to 4k\"}\n"
            "{\"type\":\"exit\",\"status\":3}\n");
  EXPECT_TRUE(json.waiting.empty());
}

}  // namespace
}  // namespace dtrace::consume
