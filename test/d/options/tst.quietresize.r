dtrace: buffer size lowered to N
traced

exit 0
traced

exit 0
