
dtrace exit: 0
rmmod: 0
target alive after unload: 0
0
insmod: 0
