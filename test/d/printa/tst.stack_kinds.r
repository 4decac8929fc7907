== 1 == kernel
== 1 == user
== 2 == user
