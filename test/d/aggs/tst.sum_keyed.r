
  bee                                                              -3
  dog                                                              -3
  ant                                                              15
  cat                                                              15
