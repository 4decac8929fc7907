rc=0
1
from 1 without gaps until full
