
child 1 0 ok
child 1 1 ok
child 1 2 ok
child 2 0 ok
child 2 1 ok
child 2 2 ok
parent 0 ok
parent 1 ok
parent 2 ok
