1 5 
           value  ------------- Distribution ------------- count    
           < -10 |                                         0        
             -10 |                                         0        
              -9 |                                         0        


