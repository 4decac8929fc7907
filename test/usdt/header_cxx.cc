// The dtrace -h header compiles as C++ too (constructed by CMake's
// usdt_header_cxx test with -Werror): every macro kind once.
#include "testapp.h"

int main(int argc, char** argv) {
  char text[] = "q";
  TESTAPP_QUERY_START(argc, text);
  if (TESTAPP_TICK_ENABLED()) TESTAPP_TICK(argc);
  TESTAPP_SIX(1, 2, 3, 4, 5, argc);
  DTRACE_PROBE1(testapp, plain, argv[0][0]);
  return 0;
}
