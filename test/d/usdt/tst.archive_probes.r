usdt_shapes_archive shapes_step txn-start txn ok
read-done size ok bytes ok
-lead
tail- ok

