
                1
    [CPU #]                1
    [CPU #]                0
               42
    [CPU #]               42
    [CPU #]                0
