threads at exit: 400 or more

