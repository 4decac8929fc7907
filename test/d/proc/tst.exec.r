exec /bin/true
exec-success true
exec-failure -2

