
              pid-calls`leaf
              pid-calls`middle+{ptr}
              pid-calls`top+{ptr}
              pid-calls`main+{ptr}
ucaller:  pid-calls`middle

exit 0
