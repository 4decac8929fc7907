session: go

expedited: 6

