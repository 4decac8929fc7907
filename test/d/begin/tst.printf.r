42 x|    7|ab |ff

