# ASSERTION: a -P/-m/-f/-n/-i description is read as DTrace reads it:
# into at most 1/2/3/4 fields from the right, the field before a leading
# ':' never read, one more "Overspecified" (quoting the text as given);
# a leading integer is a probe id, refused for -P/-m/-f, 0 or a missing
# id unknown, and -i 4-2 the description ":::-2". An error in the text of
# an option names no line; in a script (-s) it does.
exec 2>&1
d=$1
try() {
	"$d" "$@"
	echo "exit $?"
}
try -m :genunix::
try -P profile:::profile-97
try -f fbt:des:des3_crunch_block:return
try -n 'a:b:c:d:e{ exit(0); }'
try -f :nosuchmod_xyz::
try -f ::nosuchfn_xyz:
try -m 'nosuchmod_xyz:{ exit(0); }'
try -f 4.56
try -m 7
try -P 12
try -i 0
try -i 0 - 2
try -i 4-2
try -i 99999999
try -n 'BEGIN { x = ; }'
try -n BEGIN '{ exit(0); }'
echo 'BEGIN { x = ; }' | try -s /dev/stdin
try -qn '::::BEGIN { printf("leading colon: 4 fields\n"); exit(0); }'
