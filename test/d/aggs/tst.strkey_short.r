
                                                                    1
  seventeen bytes!!                                                 1
  BEGIN                                                             2
  fifteen bytes!!                                                   2
  sixteen bytes!!!                                                  2
  dtrace                                                            7
