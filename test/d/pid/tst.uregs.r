exit 0
pid-calls`leaf pid-calls`middle
cs 33 ss 2b alias 1 1 1
segs 1

