returns counted: 1
entries and returns agree: 1
count() and sum(1) agree: 1
