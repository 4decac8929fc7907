A:[pid-calls`middle+{ptr}]
uaddr:  pid-calls`middle+{ptr}
usym:  pid-calls`middle
ufunc:  pid-calls`middle
umod:  pid-calls
jstack:
              pid-calls`leaf
              pid-calls`middle+{ptr}

exit 0
ustack:
              pid-calls`leaf
              pid-calls`middle+{ptr}
              pid-calls`top+{ptr}
jstack:
              pid-calls`leaf

exit 0
