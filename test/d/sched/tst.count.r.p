#!/bin/sh
# Only whether dtrace itself was counted: the rest depends on the guest.
awk '$1 == "dtrace" && $2 > 0 { print "dtrace counted" }'
