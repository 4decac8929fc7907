off-cpu, sleep and on-cpu seen

