ADDR|  ADDR|  vmlinux|
              ADDR

              libc.so.6:ADDR

