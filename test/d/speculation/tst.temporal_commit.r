recorded on cpu 0
speculated on cpu 1

