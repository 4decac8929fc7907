# ASSERTION: bad options are refused as DTrace refuses them: an unknown -x
# name ("Invalid option name") or a value the option cannot take
# ("Invalid value for specified option") is reported as "failed to set
# -x NAME" (or "-b SIZE") and exits 1; an unknown flag prints the usage
# and exits 2.
for args in "-x nosuchoption" "-x bufsize=-1" "-x bufsize=12q" \
	"-x switchrate=10furlongs" "-x quiet=maybe" "-x bufpolicy=spill" \
	"-x strsize=1" "-b 4kb" "-b 0" "-K"; do
	# shellcheck disable=SC2086 # the words are the arguments
	"$1" $args -n 'BEGIN { exit(0); }' 2> /tmp/opt.$$
	echo "$args: exit $?: $(head -n 1 /tmp/opt.$$)"
done
rm -f /tmp/opt.$$
