short 5
abcdefghijklmno 6
dtrace 7
size 20, n at 16

