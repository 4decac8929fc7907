2 dumps
rows cover the struct
WORD   word                             |
