threads at exit: 200 or more

