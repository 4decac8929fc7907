count rw-block 1
owner rw-block 1
ns rw-block 1

