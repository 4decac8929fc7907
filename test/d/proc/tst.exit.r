exited and killed seen
