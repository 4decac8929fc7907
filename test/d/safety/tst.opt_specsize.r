specsize=0: exit 0
done

dtrace: 1 speculative drop
specsize=1: exit 0
done

dtrace: 1 speculative drop
specsize=2147483648: exit 0
speculated
done

specsize=4294967296: exit 0
speculated
done

specsize=9223372036854775808: exit 0
speculated
done

specsize=18446744073709551615: exit 0
speculated
done

