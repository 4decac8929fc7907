dtrace: invalid probe specifier 
pid$target:a.out:fill:entry { trace(((struct a.out`nosuch *)arg0)->x); }: [D_UNKNOWN] failed to resolve type struct a.out`nosuch: Unknown type name
exit 1
dtrace: invalid probe specifier 
pid$target:a.out:fill:entry { trace(((struct libnone.so`point *)arg0)->x); }: [D_UNKNOWN] failed to resolve type struct libnone.so`point: Unknown module name
exit 1
