/*
 * The provider of the USDT test application (usdt_app.c): build/dtrace
 * -h makes testapp.h from it and -G checks usdt_app's object against it.
 */
provider testapp {
	probe query__start(int, char *);
	probe query__done(int, long);
	probe tick(int);
	probe six(int, int, int, int, int, int);
	probe plain(int);
};
