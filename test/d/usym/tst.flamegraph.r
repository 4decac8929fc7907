out.user_stacks: CPU ID FUNCTION:NAME
out.offcpu_stacks: CPU ID FUNCTION:NAME
spin`hidden_leaf: yes
spin`hidden_mid: yes
spin`main: yes
nap`main: yes
libc.so.6`clock_nanosleep: yes
on-cpu.svg: titles
off-cpu.svg: titles
