before: 0 probes
loaded
dllib<pid> libdlopen_lib.so dllib_run fire
tracing
libdlopen_lib.so dllib_run lib N
libdlopen_lib.so dllib_run lib N
libdlopen_lib.so dllib_run lib N

