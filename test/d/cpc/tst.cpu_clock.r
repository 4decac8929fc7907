fired, both PCs set: 0

