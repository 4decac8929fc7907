#!/bin/sh
sed -E 's|/tmp/freopen\.[0-9]+|/tmp/freopen.PID|'
