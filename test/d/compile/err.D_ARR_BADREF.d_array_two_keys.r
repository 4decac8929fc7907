-- @@stderr --
dtrace: failed to compile script err.D_ARR_BADREF.d_array_two_keys.d: [D_ARR_BADREF] line 7: cannot access scalar x as an associative array
