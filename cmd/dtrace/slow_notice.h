// SlowNotice: prints a line on stderr if a step is still running after a
// delay, so that a long wait (enabling tens of thousands of probes) is
// never silent; a step that ends sooner prints nothing.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

class SlowNotice {
 public:
  SlowNotice(std::chrono::milliseconds after, std::string line);
  ~SlowNotice();  // the step ended: cancels the line if not yet printed
  SlowNotice(const SlowNotice&) = delete;
  SlowNotice& operator=(const SlowNotice&) = delete;

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread waiter_;
};
