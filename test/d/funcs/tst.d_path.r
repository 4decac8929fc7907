cwd at /etc/hostname: /etc
cwd at /dev/shm/dtrace-dpath: /tmp
rootdir set: 1

