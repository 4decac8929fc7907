dynvarsize=0: exit 0
done 0

dtrace: 2 dynamic variable drops
dynvarsize=1: exit 0
done 0

dtrace: 2 dynamic variable drops
dynvarsize=2147483648: exit 0
done 3

dynvarsize=4294967296: exit 0
done 3

dynvarsize=9223372036854775808: exit 0
done 3

dynvarsize=18446744073709551615: exit 0
done 3

