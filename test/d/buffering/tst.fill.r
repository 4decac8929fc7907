1
from 1 without gaps until full
rc=0
