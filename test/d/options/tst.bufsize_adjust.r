-e: exit 0
1k traced

exit 0
16 traced

exit 0
dtrace: buffer size lowered to N
2t traced

exit 0
