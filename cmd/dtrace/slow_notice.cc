#include "slow_notice.h"

#include <cstdio>

SlowNotice::SlowNotice(std::chrono::milliseconds after, std::string line)
    : waiter_([this, after, line = std::move(line)] {
        std::unique_lock<std::mutex> lock(mu_);
        if (cv_.wait_for(lock, after, [this] { return done_; })) return;
        std::fputs(line.c_str(), stderr);
        std::fflush(stderr);
      }) {}

SlowNotice::~SlowNotice() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    done_ = true;
  }
  cv_.notify_one();
  waiter_.join();
}
