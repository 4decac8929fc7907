before: 0
hold: ok
exit, registered: 100
exit, after: 0
hold: ok
exec, registered: 100
exec, after: 0
hold: ok
hold: ok
after: 0
