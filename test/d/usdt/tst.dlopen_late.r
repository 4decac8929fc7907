before: 0 probes
loaded
dllib<pid> libdlopen_lib.so dllib_run fire
libdlopen_lib.so dllib_run lib N
libdlopen_lib.so dllib_run lib N
libdlopen_lib.so dllib_run lib N

