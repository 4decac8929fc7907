/*
 * ASSERTION: %s takes width and precision; %S escapes unprintable
 * characters; %c prints one character.
 */
#pragma D option quiet

BEGIN
{
	printf("[%.3s] [%10.2s] [%-6s] [%s]\n", "abcdef", "abcdef", "ab", "");
	printf("[%S]\n", "a\tb\\c");
	printf("[%c%c%3c]\n", 'x', 121, 'z');
	exit(0);
}
