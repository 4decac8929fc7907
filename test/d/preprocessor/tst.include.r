42

-- @@stderr --
. include/limits_test.h
