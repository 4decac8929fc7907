# ASSERTION: under bufpolicy=ring nothing prints while tracing (checked
# by the -c target, 3 s into tracing, with switchrate=100ms); at exit the
# newest records print, oldest first and without gaps: the first ones
# were overwritten (a 4k buffer holds about 170 of them) and the newest,
# the last tick's and END's, are there.
# @@timeout: 120
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# The target is a script file: dtrace -c splits its command at blanks.
printf 'sleep 3\nif [ -s %s/trace ]; then echo printed; else echo nothing; fi > %s/during\n' \
	"$dir" "$dir" > "$dir/target.sh"
"$1" -q -x bufpolicy=ring -x bufsize=4k -x switchrate=100ms -n '
tick-1ms { printf("%d\n", ++i); }
END { printf("%d end\n", i); }' -c "sh $dir/target.sh" > "$dir/trace"
echo "rc=$?"
echo "while tracing: $(cat "$dir/during")"
awk '
	NF == 0 { next }	# the newline dtrace ends with
	$2 == "end" { end = $1; next }
	n++ == 0 { first = $1 }
	n > 1 && $1 != prev + 1 { gap = 1 }
	{ prev = $1 }
	END {
		print (first > 1 ? "oldest overwritten" : "first kept");
		print (gap ? "gap" : "no gaps");
		print (end != "" && prev == end ? "newest kept" : "newest lost: " prev " of " end);
	}' "$dir/trace"
