aggsize=0: exit 0

aggsize=1: exit 0

dtrace: 1 aggregation drop on CPU N
aggsize=2147483648: exit 0
done 1

dtrace: aggregation size lowered
aggsize=4294967296: exit 0
done 1

dtrace: aggregation size lowered
aggsize=9223372036854775808: exit 0
done 1

dtrace: aggregation size lowered
aggsize=18446744073709551615: exit 0
done 1

dtrace: aggregation size lowered
