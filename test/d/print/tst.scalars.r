int 0xa
int 0
short 0xffff
uint64_t 0x11f71fb04cb
char 'A'
char '\007'
char '\0'
int * 0x1000

