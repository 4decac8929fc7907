33 flags, 0 without a line
