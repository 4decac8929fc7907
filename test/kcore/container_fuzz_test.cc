// Whole containers with large counts: the corpus of test/fuzz/corpus
// (containers our compiler produced) mutated structure-aware by
// test/fuzz/mutate.c, the same mutator the guest's ioctl fuzzer uses,
// enabled on the userspace core and, when enabled, run (GO, firings,
// STATUS, snapshots, STOP). Counts are set to 0, 1, 2^31, 2^32 - 1, ...
// and tables are grown to thousands of entries. Every probe description
// is pointed at test:::fire so all clauses match here.
// KCORE_FUZZ_SCALE multiplies the inputs, KCORE_FUZZ_SEED changes them;
// KCORE_FUZZ_ONLY=I runs input I alone and writes its container to
// /tmp/container_fuzz.I.dtp (for ioctl_fuzz --replay in the guest).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "harness.h"
#include "util/dir_names.h"

extern "C" {
#include "mutate.h"
}

namespace kcore {
namespace {

std::vector<std::vector<uint8_t>> load_corpus() {
  std::vector<std::vector<uint8_t>> v;
  std::vector<std::string> names =
      dtrace::names_ending_in(FUZZ_CORPUS_DIR, ".dtp").value_or(std::vector<std::string>{});
  for (const auto& n : names) {
    std::ifstream f(std::string(FUZZ_CORPUS_DIR) + "/" + n, std::ios::binary);
    v.emplace_back(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  }
  return v;
}

TEST(ContainerFuzz, MutatedCorpusContainers) {
  auto corpus = load_corpus();
  if (corpus.empty()) GTEST_SKIP() << "no corpus in " FUZZ_CORPUS_DIR;
  const char* e = std::getenv("KCORE_FUZZ_SCALE");
  const char* s = std::getenv("KCORE_FUZZ_SEED");
  int scale = e != nullptr && std::atoi(e) > 0 ? std::atoi(e) : 1;
  uint64_t seed = s != nullptr ? std::strtoull(s, nullptr, 0) : 1;
  dtrace_user_set_alloc_limit(16u << 20);  // big options: ENOMEM
  dtrace_user_set_mem_budget(64u << 20);
  int valid = 0, accepted = 0, ran = 0;
  std::vector<uint8_t> work(1u << 20);
  for (size_t c = 0; c < corpus.size(); c++) {
    Harness h;
    std::vector<uint8_t> blob = corpus[c];
    prog_retarget(blob.data(), blob.size(), h.test_probe());
    int err = h.enable_raw(blob.data(), blob.size());
    EXPECT_EQ(err, 0) << "corpus container " << c << ": " << h.res().msg;
    valid += err == 0;
  }
  const char* only = std::getenv("KCORE_FUZZ_ONLY");
  uint64_t first = only != nullptr ? std::strtoull(only, nullptr, 0) : 0;
  uint64_t last = only != nullptr ? first + 1 : 4000u * scale / kScaleDiv;
  for (uint64_t i = first; i < last; i++) {
    rng r;
    rng_init(&r, seed, i);
    Harness h;
    std::vector<uint8_t> blob = corpus[rng_below(&r, corpus.size())];
    prog_retarget(blob.data(), blob.size(), h.test_probe());
    std::memcpy(work.data(), blob.data(), blob.size());
    size_t size = mutate_container(&r, work.data(), blob.size(), work.size(),
                                   1 + static_cast<unsigned>(rng_below(&r, 4)));
    SCOPED_TRACE("input " + std::to_string(i));
    if (only != nullptr) {
      std::string path = "/tmp/container_fuzz." + std::to_string(i) + ".dtp";
      std::ofstream(path, std::ios::binary)
          .write(reinterpret_cast<const char*>(work.data()), static_cast<std::streamsize>(size));
    }
    if (h.enable_raw(work.data(), size) != 0) continue;
    accepted++;
    if (known_bug(work.data(), size) != nullptr || h.go() != 0) continue;
    for (uint32_t cpu = 0; cpu < 2; cpu++) {
      dtrace_user_set_cpu(cpu);
      h.fire(rng_next(&r), rng_interesting(&r, 0), 3, 4, 5, 6);
    }
    dtrace_user_set_cpu(0);
    dtrace_status st;
    dtrace_state_status(h.state(), &st);
    dtrace_bufdesc d;
    const void* data;
    for (uint32_t cpu = 0; cpu < 2; cpu++) {
      dtrace_state_bufsnap(h.state(), cpu, h.state()->bufsize, &d, &data);
      dtrace_state_aggsnap(h.state(), cpu, h.state()->aggsize, &d, &data);
    }
    h.stop();
    ran++;
  }
  dtrace_user_set_alloc_limit(0);
  dtrace_user_set_mem_budget(UINT64_MAX);
  EXPECT_EQ(valid, static_cast<int>(corpus.size()));
  EXPECT_GT(accepted, only != nullptr ? -1 : 0);
  EXPECT_GT(ran, only != nullptr ? -1 : 0);
  std::printf("corpus %zu, inputs %d, enabled %d, ran %d\n", corpus.size(), static_cast<int>(last - first),
              accepted, ran);
}

}  // namespace
}  // namespace kcore
