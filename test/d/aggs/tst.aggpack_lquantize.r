

     min .------. max      | count
     < 0 :_  x _: >= 4     | 5


     min .------. max      | count
     < 0 :▂  ▅ ▂: >= 4     | 5
