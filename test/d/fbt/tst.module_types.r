device set: 1, block size: 512, sizeof > 0: 1

