J@llo

exit 0
llllo

exit 0
