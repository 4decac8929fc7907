sched_switch switches seen: 1

