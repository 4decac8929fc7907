/* @@runtest-opts: -C */
/* @@timeout: 300 */
/*
 * ASSERTION: a program that needs more global variables than DIF has
 * variable ids for (0x500 .. 0xffff) is refused. The preprocessor
 * writes the 16^4 assignments v0000 = 1 .. vffff = 1.
 */
#define SET(p) p = 1;
#define D1(p) SET(p##0) SET(p##1) SET(p##2) SET(p##3) SET(p##4) SET(p##5) SET(p##6) SET(p##7) SET(p##8) SET(p##9) SET(p##a) SET(p##b) SET(p##c) SET(p##d) SET(p##e) SET(p##f)
#define D2(p) D1(p##0) D1(p##1) D1(p##2) D1(p##3) D1(p##4) D1(p##5) D1(p##6) D1(p##7) D1(p##8) D1(p##9) D1(p##a) D1(p##b) D1(p##c) D1(p##d) D1(p##e) D1(p##f)
#define D3(p) D2(p##0) D2(p##1) D2(p##2) D2(p##3) D2(p##4) D2(p##5) D2(p##6) D2(p##7) D2(p##8) D2(p##9) D2(p##a) D2(p##b) D2(p##c) D2(p##d) D2(p##e) D2(p##f)
#define D4(p) D3(p##0) D3(p##1) D3(p##2) D3(p##3) D3(p##4) D3(p##5) D3(p##6) D3(p##7) D3(p##8) D3(p##9) D3(p##a) D3(p##b) D3(p##c) D3(p##d) D3(p##e) D3(p##f)

BEGIN
{
	D4(v)
}
