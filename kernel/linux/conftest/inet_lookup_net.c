/* After 6.12 (7.2 has it): the established-socket lookups find the hash table from the netns. */
#include <net/inet_hashtables.h>
#include <net/inet6_hashtables.h>

struct sock *conftest(const struct net *net);

struct sock *conftest(const struct net *net)
{
	struct in6_addr a = {};

	return __inet_lookup_established(net, 0, 0, 0, 0, 0, 0) ?:
		       __inet6_lookup_established(net, &a, 0, &a, 0, 0, 0);
}
