untraced: tick enabled 0 times
tick fired

after tracing: disabled again
