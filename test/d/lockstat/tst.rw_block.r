ns 1
owner 1
rw-block file 1

