three
   FRAME
zero
FRAME
