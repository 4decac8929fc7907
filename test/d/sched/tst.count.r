dtrace counted
