args[0]: int32_t (arg0)
args[1]: uint16_t (arg1)
args[2]: uint64_t (arg2)
3 arguments
0 arguments
site: arg0 < 0 1, arg1 4242, arg2 42
sema: arg0 > 0 1

dtrace exit: 0
