# ASSERTION: several -n programs are enabled together and share globals;
# each gets its own "matched" notice.
exec "$1" -n 'BEGIN { x = 5; }' -n 'BEGIN { printf("%d\n", x); exit(0); }'
