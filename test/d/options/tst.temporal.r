many firings
2 cpus
in timestamp order
exit 0
