#!/bin/sh
sed -E 's/probe ID [0-9]+ \(ID [0-9]+:/probe ID N (ID N:/'
