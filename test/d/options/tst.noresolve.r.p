#!/bin/sh
# Addresses differ between boots (KASLR) and processes.
sed -E 's/0x[0-9a-f]+/ADDR/g; s/ +\|/|/g'
