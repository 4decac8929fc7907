/* The provider of dlopen_lib.c, a shared library dlopen_app loads late. */
provider dllib {
	probe fire(int, char *);
};
