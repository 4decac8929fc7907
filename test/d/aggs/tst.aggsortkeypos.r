
  dog                                                255             -111
  cat                                                255               -1
  bear                                               255              -11
  dog                                                254             -222
