again 1
