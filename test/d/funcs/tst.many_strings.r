192.168.0.1 192.168.0.1 needle in it needle in it

