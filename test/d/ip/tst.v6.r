receive ::1 ::1 UDP 18 18 1 lo 1
send ::1 ::1 UDP 18 18 1 lo 1
