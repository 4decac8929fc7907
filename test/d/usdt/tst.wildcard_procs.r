app1
app2
app3
--
app1 ok ok
app2 ok ok
app3 ok ok
