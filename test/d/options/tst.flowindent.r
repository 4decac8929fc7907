CPU FUNCTION                                 
  # => ioctl                                  
  # <= ioctl                                  
