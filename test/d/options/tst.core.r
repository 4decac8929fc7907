traced

dtrace: -x core: aborting to dump core
exit 134
traced

exit 0
