dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): out of scratch space in action #1

default: exit 0
alloca ok 1

-x scratchsize=8k: exit 0
