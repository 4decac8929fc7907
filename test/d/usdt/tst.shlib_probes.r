libusdt_shapes_shared.so shapes_step txn-start txn
libusdt_shapes_shared.so qtrace_ping ping ping

stderr: 
