ERROR 0
after 0
ERROR 1
after 1
ERROR 2
after 2

