enabled 50000 ECBs
killed
