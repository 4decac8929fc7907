CPU     ID                    FUNCTION:NAME
  #     ##                      write:entry 
             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 64 65 66 61 75 6c 74 20 6c 61 79 6f 75 74 20 64  default layout d
        10: 75 6d 70 0a                                      ump.


-- @@stderr --
dtrace: description '
syscall::write:entry
' matched 1 probe
