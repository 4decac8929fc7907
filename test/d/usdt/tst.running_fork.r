child fork_app work work
child fork_app work work
parent fork_app work work
--
child 1 ok
child 2 ok
parent ok
--
child 2 pid

