valid: ok
no such pid: ENOENT
no such path: ENOENT
offset past the end: EINVAL
bad kind: EINVAL
uarg size 3: EINVAL
uarg register 500: EINVAL
11 uargs: EINVAL
a kernel provider's name: EEXIST
helper: bad magic: EINVAL
helper: site not mapped: EINVAL
helper: site in data: EINVAL
helper: offsets slice: EINVAL
helper: too big: E2BIG
helper: remove unknown generation: EINVAL
helper: add: ok
helper: same names again: EEXIST
