/* ASSERTION: a description that matches no probe is an error. */
dtrace:::nosuchprobe
{
	exit(0);
}
