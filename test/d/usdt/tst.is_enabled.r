tick fired
untraced: tick enabled 0 times

