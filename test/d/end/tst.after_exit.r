end 7
