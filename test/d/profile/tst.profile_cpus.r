fired: 1
cpu0 cpu1: 1 1
pc always set: 1

