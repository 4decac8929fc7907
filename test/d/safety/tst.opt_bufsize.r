bufsize=0: exit 1
dtrace: failed to set -x bufsize: Invalid value for specified option
bufsize=1: exit 0
done

bufsize=2147483648: exit 0
done

dtrace: buffer size lowered
bufsize=4294967296: exit 0
done

dtrace: buffer size lowered
bufsize=9223372036854775808: exit 0
done

dtrace: buffer size lowered
bufsize=18446744073709551615: exit 0
done

dtrace: buffer size lowered
