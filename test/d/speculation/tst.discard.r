again 1

