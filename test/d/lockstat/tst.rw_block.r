rw-block file 1
owner 1
ns 1

