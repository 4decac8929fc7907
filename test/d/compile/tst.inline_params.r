odd odd negative
42 27 52
hello you hello world 9

