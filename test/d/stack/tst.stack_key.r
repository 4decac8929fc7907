

              FRAME
                1
