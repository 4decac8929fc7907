eight -1 2 3000000000 -4 four0 1 7000000000 seven0 (1 8)
eight -2 3 3000000000 -5 four1 2 7000000001 seven1 (1 8)
twelve 1 2 3 4 5 6 7 -8 eight0 -10 100000000000 eleven0 (2)
twelve 2 2 3 4 5 7 7 -9 eight1 -10 100000000001 eleven1 (2)

