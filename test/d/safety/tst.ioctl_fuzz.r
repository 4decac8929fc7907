alive
