// A C++ process for the core tests (dtrace_core.sh): argv[1] threads
// parked in member functions of shop::Pool (thread i in Pool::serve()
// when i % 3 == 0, else in Pool::idle()), a std::list<std::string> of
// the other arguments (g_names), then, once every thread is parked, a
// load through a null shop::Order * in shop::Ledger::post(): the fault
// address is 0, Order::price being at offset 0. It prints its pid and
// &g_names first.
#include <pthread.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <list>
#include <string>

std::list<std::string> g_names;

namespace shop {

struct Order {
  long price;
  long quantity;
};

class Pool {
 public:
  explicit Pool(int n) { pthread_barrier_init(&parked_, nullptr, static_cast<unsigned>(n) + 1); }
  __attribute__((noinline)) void serve() { park(); }
  __attribute__((noinline)) void idle() { park(); }
  void wait_parked() { pthread_barrier_wait(&parked_); }

 private:
  __attribute__((noinline)) void park() {
    pthread_barrier_wait(&parked_);
    for (;;) pause();
  }
  pthread_barrier_t parked_;
};

struct Ledger {
  __attribute__((noinline)) long post(const Order* o) { return total += o->price; }
  long total = 0;
};

}  // namespace shop

namespace {

shop::Pool* pool;

void* serving(void*) {
  pool->serve();
  return nullptr;
}

void* idling(void*) {
  pool->idle();
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 3;
  for (int i = 2; i < argc; i++) g_names.emplace_back(argv[i]);
  pool = new shop::Pool(n);
  pthread_t t;
  for (int i = 0; i < n; i++)
    if (pthread_create(&t, nullptr, i % 3 == 0 ? serving : idling, nullptr) != 0) return 1;
  pool->wait_parked();
  std::printf("%d %p\n", static_cast<int>(getpid()), static_cast<void*>(&g_names));
  std::fflush(stdout);
  shop::Ledger ledger;
  const shop::Order* volatile none = nullptr;
  return static_cast<int>(ledger.post(none));
}
