PASSED: 0 failure(s)
