#!/bin/sh
# Which CPU BEGIN fires on varies: hide the CPU numbers.
sed -E 's/\[CPU [0-9]+\]/[CPU #]/'
