ADDR|  ADDR|  vmlinux|
              ADDR

              ADDR

