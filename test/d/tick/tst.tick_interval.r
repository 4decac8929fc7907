a second apart: 1
200ms ticks in between: 1

