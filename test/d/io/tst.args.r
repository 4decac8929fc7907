agg nullb0 1
dev nullb0 /dev/nullb0 numbers-match
read 1
sums-equal 1

