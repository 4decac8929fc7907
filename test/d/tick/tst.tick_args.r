profile:::tick-50ms
never both: 1

