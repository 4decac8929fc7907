w 3 h 4 k 2
label box tag tg
name first
ret 126

exit 0
		args[0]: userland pidargs_prog`rect_t *
		args[1]: userland char *
		args[2]: long
		args[0]: int
		args[1]: long
