#!/bin/sh
# The providers the running kernel lacks (doc/kernels.md) precede cpc and
# pid in the list dtrace -l ends with: not what the test left out.
sed -E 's/provider [a-z]+ is missing: this kernel lacks [^;]*; //g'
