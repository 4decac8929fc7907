# ASSERTION: dtrace -lv follows each probe with its stability attributes
# and the D types of its arguments (translated types where the provider
# gives one, else native; None without arguments).
. "$(dirname "$0")/../lib/status.sh"
"$1" -lv -n proc:::signal-send -n proc:::exec-success |
	awk 'NF >= 4 && $1 ~ /^[0-9]+$/ { $1 = "ID" } { print }'
dt_ok "${PIPESTATUS[0]}" "dtrace -lv proc:::signal-send"
