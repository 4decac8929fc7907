exit 0
cat counted: 1
ascending: 1
