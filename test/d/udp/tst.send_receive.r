
closed receive 41252->41253 len 20 plen 20 sock 0 cs 1 sockport -1 l 127.0.0.1:41253 r 127.0.0.1:41252 ip 127.0.0.1->127.0.0.1
closed send 41252->41253 len 20 plen 20 sock 1 cs 1 sockport 41252 l 127.0.0.1:41252 r 127.0.0.1:41253 ip 127.0.0.1->127.0.0.1
open receive 41252->41251 len 20 plen 20 sock 1 cs 1 sockport 41251 l 127.0.0.1:41251 r 127.0.0.1:41252 ip 127.0.0.1->127.0.0.1
open send 41252->41251 len 20 plen 20 sock 1 cs 1 sockport 41252 l 127.0.0.1:41252 r 127.0.0.1:41251 ip 127.0.0.1->127.0.0.1

closed receive 41252->41253 len 20 plen 20 sock 0 cs 1 sockport -1 l ::1:41253 r ::1:41252 ip ::1->::1
closed send 41252->41253 len 20 plen 20 sock 1 cs 1 sockport 41252 l ::1:41252 r ::1:41253 ip ::1->::1
open receive 41252->41251 len 20 plen 20 sock 1 cs 1 sockport 41251 l ::1:41251 r ::1:41252 ip ::1->::1
open send 41252->41251 len 20 plen 20 sock 1 cs 1 sockport 41252 l ::1:41252 r ::1:41251 ip ::1->::1
