#!/bin/sh
# The CPU a probe fires on varies: replace the first column of records.
sed -E 's/^ *[0-9]+( +[0-9]+ +[^ ]*:[^ ]* )/  #\1/'
