# ASSERTION: a syntax error in -n names the specifier and the line.
exec "$1" -n 'BEGIN { trace(; }'
