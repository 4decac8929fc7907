entry kill 4000001 0
return kill -3 -3

