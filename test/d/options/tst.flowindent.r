CPU FUNCTION                                 
  # => ioctl                                  
  # <= ioctl                                  

