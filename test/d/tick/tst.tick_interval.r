waited: 1
fast fired more: 1
