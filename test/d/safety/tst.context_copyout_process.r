JKllo

exit 0
JKLlo

exit 0
JKL@o

exit 0
lollo

exit 0
