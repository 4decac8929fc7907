count in range: 1
one cpu: 1

