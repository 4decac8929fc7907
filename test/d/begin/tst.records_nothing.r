CPU     ID                    FUNCTION:NAME
  #      1                           :BEGIN 
  #      1                           :BEGIN 1 2

