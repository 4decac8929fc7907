#!/bin/sh
# Frames differ between kernels: keep their indentation and shape.
sed -E 's/^( *)[A-Za-z0-9_.]+`[A-Za-z0-9_.]+(\+0x[0-9a-f]+)?$/\1FRAME/' | uniq
