perf-PID.map`jit_spin: yes
perf-PID.map: yes
