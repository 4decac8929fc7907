query-start 0 select 0
tick 0
query-start 1 select 1
tick 1
query-start 2 select 2
tick 2
tick enabled 3 times

exit 0
