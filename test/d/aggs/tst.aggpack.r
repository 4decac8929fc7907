

              key  min .------. max  | count
                a    0 : _X   : 16   | 8
                b    0 :    X : 16   | 9
