/*
 * lockstat.d: constants of the lockstat provider's arguments. rw-spin
 * and rw-block give in arg2 whether the thread waited to write or to
 * read (DTrace's values).
 */
inline int RW_WRITER = 0;
inline int RW_READER = 1;
