256
exit 0
