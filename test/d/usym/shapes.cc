// C++ frames for the demangling test: a member function of a class in a
// namespace, and a function template, both spinning for argv[1] seconds.
#include <cstdlib>
#include <ctime>

namespace geo {

static double now() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

struct Shape {
  __attribute__((noinline)) void spin(double until) const {
    volatile unsigned long n = 0;
    while (now() < until)
      for (int i = 0; i < 1000000; i++) n++;
  }
};

template <typename T>
__attribute__((noinline)) void run(const T& s, double until) {
  s.spin(until);
  asm volatile("" ::: "memory");  // not a tail call
}

}  // namespace geo

int main(int argc, char** argv) {
  geo::Shape s;
  geo::run(s, geo::now() + (argc > 1 ? std::atof(argv[1]) : 1));
  return 0;
}
