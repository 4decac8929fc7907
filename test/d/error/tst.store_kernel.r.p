#!/bin/sh
# DIF offsets depend on code generation; the address is curthread's.
sed -E -e 's/at DIF offset [0-9]+/at DIF offset N/' -e 's/invalid address \(0x[0-9a-f]+\)/invalid address (ADDR)/'
