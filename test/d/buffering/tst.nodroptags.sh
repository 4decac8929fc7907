# ASSERTION: without droptags the drop message has no tag.
. "$(dirname "$0")/../lib/dynvar_full.sh"
dynvar_full "$1"
