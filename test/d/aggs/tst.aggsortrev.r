
  c                                                                 3
  a                                                                 2
  b                                                                 1
