-- @@stderr --
/dev/stdin:5: error: #error this script stops in cpp
dtrace: failed to compile script err.cpp_error.d: Preprocessor failed to process input program
