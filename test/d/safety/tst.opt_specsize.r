specsize=0: exit 1
dtrace: could not enable tracing: Enabling exceeds size of buffer
specsize=1: exit 1
dtrace: could not enable tracing: Enabling exceeds size of buffer
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

