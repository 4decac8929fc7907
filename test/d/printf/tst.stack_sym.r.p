#!/bin/sh
# Frames differ between kernels: keep only their shape; the %a|sym() line
# says whether %a is sym()'s symbol (plus an offset), the func:|mod line
# whether func() is sym() and mod() its module.
sed -E 's/^ {14}[A-Za-z0-9_.]+`[A-Za-z0-9_.]+(\+0x[0-9a-f]+)?$/              FRAME/; s/ +$//' | uniq |
	awk -F'|' 'function trim(x) { sub(/^ +/, "", x); sub(/ +$/, "", x); return x }
	/^func:/ { f = trim(substr($1, 6)); m = trim($2)
		print "func() and mod(): " ((f == s && f == m "`" substr(f, length(m) + 2)) ? "yes" : "no: " f " / " m); next }
	NF == 3 { a = $1; s = trim($2); split(a, parts, "+")
		print "%a as sym(): " ((parts[1] == s && s ~ /`/) ? "yes" : "no: " a " / " s); next } { print }'
