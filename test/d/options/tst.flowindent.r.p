#!/bin/sh
# The CPU a probe fires on varies.
sed -E "s/^ *[0-9]+ ( *[=<-])/  # \\1/"
