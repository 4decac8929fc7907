entries printing the same frames: 0
agg: ok
