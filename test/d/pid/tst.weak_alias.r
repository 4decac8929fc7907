
  _keep                                                             1
  pick                                                              2
exit 0
