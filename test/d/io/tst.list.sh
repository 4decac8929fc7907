# ASSERTION: the io provider lists start and done.
"$1" -l -P io | awk 'NR > 1 { $1 = ""; print }' | sort
