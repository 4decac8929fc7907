fixed
             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 68 65 6c 6c 6f 2c 20 77 6f 72 6c 64 2e 20 30 31  hello, world. 01
        10: 32 33 34 35 36 37 38 39 61 62 63 64 65 66 67 68  23456789abcdefgh
        20: 01 02 09 0d                                      ....
dynamic
             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 68 65 6c 6c 6f 2c 20 77 6f 72 6c 64 2e 20 30 31  hello, world. 01
        10: 32 33 34 35                                      2345
zeroend

