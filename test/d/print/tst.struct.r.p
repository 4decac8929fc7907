#!/bin/sh
# The CPU varies; keep hex values exact (the harness would turn every
# 0x... into {ptr}).
sed -E 's/^ *[0-9]+( +[0-9]+ +[^ ]*:[^ ]* )/  #\1/; s/0x/hex:/g'
