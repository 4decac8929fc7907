# ASSERTION: under bufpolicy=fill tracing stops by itself once a buffer is
# full (exit status 0); the records that fit print from the first one on,
# without gaps, and END's output, for which the module keeps room, prints.
# @@timeout: 120
out=$("$1" -q -x bufpolicy=fill -x bufsize=4k -n '
tick-1ms { printf("%d\n", ++i); }
END { printf("END\n"); }')
echo "rc=$?"
echo "$out" | grep -c '^END$'
echo "$out" | grep '^[0-9]' | awk '
	NR != $1 { gap = 1 }
	END { print (gap ? "gap" : "from 1 without gaps"), (NR > 10 && NR < 4096 ? "until full" : NR) }'
