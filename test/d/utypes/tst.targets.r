alpha 11 alpha
beta 22 beta 22
exit 0
list_head kernel 16 a.out 3

