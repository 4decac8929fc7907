
  dog                                                              -1             -111
  cat                                                              -1               -1
  bear                                                             -1              -11
  dog                                                              -2             -222
