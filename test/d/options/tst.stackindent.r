three
   FRAME
zero
FRAME

