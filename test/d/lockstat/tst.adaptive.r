count cat 1
count dd 1
owner adaptive-block 1
owner adaptive-spin 1
ns adaptive-block 1
ns adaptive-spin 1

