/*
 * ASSERTION: an IPv6 address that carries an IPv4 one is printed by
 * inet_ntoa6() as the dotted quad alone and by inet_ntop() with its
 * prefix (::ffff: mapped, :: compatible), as DTrace prints them; ::1
 * and :: are not IPv4; link_ntop() takes the D library's ARPHRD_ETHER
 * and ARPHRD_INFINIBAND.
 */
#pragma D option quiet

BEGIN
{
	this->a = (uint8_t *)alloca(16);
	this->a[10] = 0xff;
	this->a[11] = 0xff;
	this->a[12] = 10;
	this->a[15] = 7;
	printf("%s %s\n", inet_ntoa6((struct in6_addr *)this->a),
	    inet_ntop(AF_INET6, this->a));
	this->a[10] = 0;
	this->a[11] = 0;
	printf("%s %s\n", inet_ntoa6((struct in6_addr *)this->a),
	    inet_ntop(AF_INET6, this->a));
	this->a[12] = 0;
	this->a[15] = 1;
	printf("%s %s\n", inet_ntoa6((struct in6_addr *)this->a),
	    inet_ntop(AF_INET6, this->a));
	this->a[15] = 0;
	printf("%s\n", inet_ntoa6((struct in6_addr *)this->a));
	this->a[10] = 0xff;
	this->a[11] = 0xfe;
	this->a[12] = 10;
	this->a[15] = 7;
	printf("%s\n", inet_ntoa6((struct in6_addr *)this->a));

	this->m = (uint8_t *)alloca(20);
	this->m[0] = 0x02;
	this->m[5] = 0xab;
	this->m[19] = 0x0c;
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->m));
	printf("%s\n", link_ntop(ARPHRD_INFINIBAND, this->m));
	exit(0);
}
