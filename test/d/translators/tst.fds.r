<none> <none> <none> <none> <none> -1 0

  <none>                                                            1
