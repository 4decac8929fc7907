exec:
  in_init
  in_main

  exit 0
preinit:
  in_init
  in_main

  exit 0
postinit:
  in_main

  exit 0
main:
  in_main

  exit 0
default:
  in_main

  exit 0
exec libc probe: exit 1
preinit: getpid 1

preinit libc probe: exit 0
