no newline of its own; END
                1
after printa
                2
                3
