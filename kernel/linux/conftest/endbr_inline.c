/*
 * After 6.12 (7.2 has it): the inline ENDBR test is __is_endbr(); is_endbr()
 * takes the instruction's address and is not exported to modules.
 */
#include <asm/ibt.h>

bool conftest(u32 *p);

bool conftest(u32 *p)
{
	return __is_endbr(*p);
}
