middle: its call's line
top: its call's line
main: its call's line
