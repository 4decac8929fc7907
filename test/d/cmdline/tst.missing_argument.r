dtrace: option requires an argument -- n
exit 2
dtrace: option requires an argument -- s
exit 2
dtrace: option requires an argument -- x
exit 2
dtrace: option requires an argument -- c
exit 2
