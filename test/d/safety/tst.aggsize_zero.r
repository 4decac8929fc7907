fired
