CPU     ID                    FUNCTION:NAME
  #      1                           :BEGIN 

  x                                                                 1
