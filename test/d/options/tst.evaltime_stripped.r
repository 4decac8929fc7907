preinit:

      -22                1
      -11                1
exit 0
postinit:

      -22                1
exit 0
main:

      -22                1
exit 0
default:

      -22                1
exit 0
