exited and killed seen

