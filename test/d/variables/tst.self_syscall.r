done 1 42

