aggrate=10ms: exit 0, all 100 keys: yes, drops reported: no
aggrate=1h: exit 0, all 100 keys: no, drops reported: yes
