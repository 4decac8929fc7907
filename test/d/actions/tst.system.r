before
command 42 ran
second line
after

