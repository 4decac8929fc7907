first dtrace killed: exit 137
second dtrace traces

second dtrace: exit 0
rmmod: 0
0
insmod: 0
