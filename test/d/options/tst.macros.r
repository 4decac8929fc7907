[0] []

defaultargs: exit 0
no defaultargs: exit 1
zdefs ok

zdefs: exit 0
-Z ok

-Z: exit 0
no zdefs: exit 1
