#!/bin/sh
# The CPU varies.
sed -E 's/^ *[0-9]+( +[0-9]+ +[^ ]*:[^ ]* )/  #\1/'
