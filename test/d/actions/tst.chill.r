chilled at least 200 ms: 1

