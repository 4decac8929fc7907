[abcdefg] 7

exit 0
2
1
