tick-1s on CPU 1 after 5 ticks of 100ms

exit 0
tick-1s on CPU 0 after 5 ticks of 100ms

exit 0
