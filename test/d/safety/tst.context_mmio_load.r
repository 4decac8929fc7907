dtrace: error on enabled probe ID N (ID 1: dtrace:::BEGIN): invalid address (IOADDR) in action #1 at DIF offset N

exit 0
dtrace: error on enabled probe ID N (ID 1: dtrace:::BEGIN): invalid address (IOADDR) in action #N at DIF offset N

exit 0
read

exit 0
