end 7

