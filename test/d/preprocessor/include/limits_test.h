/* Included by tst.include.d (through -I include). */
#ifndef LIMITS_TEST_H
#define LIMITS_TEST_H
#define LIMIT 7
#endif
