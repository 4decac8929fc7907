testapp<pid> usdt_app main plain
testapp<pid> usdt_app query query-done
testapp<pid> usdt_app query query-start
testapp<pid> usdt_app main six
testapp<pid> usdt_app main tick
--
testapp<pid> usdt_app main plain
testapp<pid> usdt_app query query-done
testapp<pid> usdt_app query query-start
testapp<pid> usdt_app main six
testapp<pid> usdt_app main tick
