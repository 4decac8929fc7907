dtrace: description 'BEGIN ' matched 1 probe
dtrace: could not enable tracing: Cannot allocate memory
fresh

