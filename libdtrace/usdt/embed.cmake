# Writes a C++ file defining dtrace::usdt::NAME as the bytes of IN.
#   cmake -DIN=<file> -DOUT=<file.cc> -DNAME=<symbol> -DTEXT=<0|1> -P embed.cmake
# TEXT=1: a NUL-terminated const char[]; otherwise const unsigned char[]
# plus NAME##Size.
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
if(TEXT)
  set(body "extern const char ${NAME}[];\nconst char ${NAME}[] = {${bytes}0};\n")
else()
  set(body "extern const unsigned char ${NAME}[];\nextern const unsigned long ${NAME}Size;\n"
           "const unsigned char ${NAME}[] = {${bytes}};\n"
           "const unsigned long ${NAME}Size = sizeof ${NAME};\n")
endif()
file(WRITE "${OUT}.tmp" "// Generated from ${IN} by embed.cmake.\nnamespace dtrace::usdt {\n${body}}\n")
file(RENAME "${OUT}.tmp" "${OUT}")
