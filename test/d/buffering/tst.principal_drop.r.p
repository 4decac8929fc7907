#!/bin/sh
# The CPU a drop happens on varies.
sed -E "s/on CPU [0-9]+/on CPU #/"
