receive v4 100000 bytes
send v4 100000 bytes
receive 0 segments of another socket
send 0 segments of another socket

receive v6 100000 bytes
send v6 100000 bytes
receive 0 segments of another socket
send 0 segments of another socket

