[abc] [        ab] [ab    ] []
[a\tb\\c]
[xy  z]

