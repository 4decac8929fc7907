/*
 * A target whose DWARF names what D and the D library name: the
 * translators' variables (U, S, T, ...), the library's inlines
 * (udp_in, curpsinfo, ...), D's types (string, uint8_t, psinfo_t), the
 * keyword self, kernel tags (struct udphdr, struct sock) and D's
 * constants as enumerators, and a type of its own (counter_t).
 * test/d/utypes/tst.scope_*.sh trace it built with -g (scope-names) and
 * without (scope-names-nodebug): a D program that does not name the
 * target's types must mean the same to both; the unit test
 * test/unit/cc/target_scope_test.cc reads the first's DWARF.
 * No header: <stdint.h> would define uint8_t.
 */
typedef int U;
typedef long S;
typedef unsigned short uint8_t;
typedef char *string;
typedef int self;
typedef short R, C, B, F, P, D, H, T;
typedef int udp_in, udp_hdrs, tcp_in, tcp_hdrs, fds, curpsinfo, curlwpsinfo;
typedef int ip_arg2_saddr, ip_arg2_daddr, tcp_state_string;
struct udphdr {
	U source;
	char dest[4];
};
struct sock {
	S S;
};
struct psinfo {
	char other[5];
};
typedef struct udphdr psinfo_t;
typedef struct sock udpinfo_t;
typedef int counter_t;
enum names { AF_INET = 77, EINVAL = 99, B_READ = 5 };

/* Globals of every type, or GCC leaves the unused typedefs out. */
U g_u;
S g_s;
uint8_t g_u8;
string g_str;
self g_self;
R g_r;
C g_c;
B g_b;
F g_f;
P g_p;
D g_d;
H g_h;
T g_t;
udp_in g1;
udp_hdrs g2;
tcp_in g3;
tcp_hdrs g4;
fds g5;
curpsinfo g6;
curlwpsinfo g7;
ip_arg2_saddr g8;
ip_arg2_daddr g9;
tcp_state_string g10;
psinfo_t g_ps;
udpinfo_t g_ui;
struct psinfo g_psinfo;
enum names g_names;
counter_t g_count;

__attribute__((noinline)) long work(U u, S s, uint8_t v, struct udphdr *h,
				    string str)
{
	return u + s + v + h->source + str[0];
}

int main(void)
{
	/* on the stack: pages that are present (a fault cannot page in) */
	char str[] = "str";
	struct udphdr h = { 7, "abc" };

	return work(3, 40, 65535, &h, str) == 3 + 40 + 65535 + 7 + 's' ? 0 : 1;
}
