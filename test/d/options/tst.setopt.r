
  b                                                                 1
  a                                                                 2

  a                                                                 2
  b                                                                 1
still tracing

-- @@stderr --
dtrace: error on enabled probe ID N (ID N: dtrace:::BEGIN): couldn't set option "bufsize" to "1m": Operation illegal when tracing is active

dtrace: error on enabled probe ID N (ID N: dtrace:::BEGIN): couldn't set option "nosuchoption" to "1": Invalid option name

dtrace: error on enabled probe ID N (ID N: dtrace:::BEGIN): couldn't set option "quiet" to "maybe": Invalid value for specified option

