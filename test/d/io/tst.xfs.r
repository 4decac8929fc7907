requests 1, f1 named 1

