usdt_app: probes listed before tracing: some
-p: query-start fired

-p: exit 0
usdt_app_lazy: probes listed before tracing: none
-p: query-start fired

-p: exit 0
query-start 0 select 0
query-start 1 select 1
query-start 2 select 2

-c: exit 0
