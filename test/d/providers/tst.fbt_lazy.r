few fbt in a bare listing: 1
fbt:::entry lists many: 1
