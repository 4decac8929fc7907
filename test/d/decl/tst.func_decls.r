ncalls 2

