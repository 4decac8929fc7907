exit 0
argc 3
argv one two
envp DTFOO=bar
onpro 1
notty as in /proc
zeros 0

