3 4 5 0
two one

