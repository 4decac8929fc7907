#!/bin/sh
# DIF offsets depend on code generation.
sed -E 's/at DIF offset [0-9]+/at DIF offset N/'
