-- @@stderr --
dtrace: failed to compile script err.D_PRINTF_ARG_TYPE.agg_arg.d: [D_PRINTF_ARG_TYPE] line 4: printf( ) argument #3 is incompatible with conversion #2 prototype:
	conversion: %d
	 prototype: char, short, int, long, or long long
	  argument: aggregation
