quiet

exit 0
pragma

exit 0
dtrace: description 'BEGIN ' matched 1 probe
dtrace: pid N has exited
exit 0
