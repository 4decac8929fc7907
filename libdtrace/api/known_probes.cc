#include "api/known_probes.h"

namespace dtrace::api {
namespace {

constexpr const char* kTask = "struct task_struct *";

cc::ProbeArg task(const char* xlate, uint32_t map = 0) { return {kTask, xlate, map}; }
cc::ProbeArg plain(const char* native, uint32_t map) { return {native, "", map}; }
cc::ProbeArg req(const char* xlate) { return {"struct request *", xlate, 0}; }

// tcp (prov/tcp.c): skb, sock, IP header, TCP header, state, previous state.
std::vector<cc::ProbeArg> tcp_args(bool state_change) {
  std::vector<cc::ProbeArg> a{{"struct sk_buff *", "pktinfo_t *", 0},
                              {"struct sock *", "csinfo_t *", 1},
                              {"struct iphdr *", "ipinfo_t *", 2},
                              {"struct sock *", "tcpsinfo_t *", 1},
                              {"struct tcphdr *", "tcpinfo_t *", 3}};
  if (state_change) a.push_back({"int", "tcplsinfo_t *", 5});
  return a;
}

// udp (prov/udp.c): skb, sock, IP header, UDP header.
const std::vector<cc::ProbeArg> udp_args{{"struct sk_buff *", "pktinfo_t *", 0},
                                         {"struct sock *", "csinfo_t *", 1},
                                         {"struct iphdr *", "ipinfo_t *", 2},
                                         {"struct sock *", "udpsinfo_t *", 1},
                                         {"struct udphdr *", "udpinfo_t *", 3}};

}  // namespace

const std::vector<KnownProbe>& known_stable_probes() {
  static const std::vector<cc::ProbeArg> signal{task("lwpsinfo_t *"), task("psinfo_t *"), plain("int", 1)};
  static const std::vector<cc::ProbeArg> thread{task("lwpsinfo_t *"), task("psinfo_t *")};
  static const std::vector<cc::ProbeArg> queue{task("lwpsinfo_t *"), task("psinfo_t *"),
                                               {"int", "cpuinfo_t *", 1}};
  static const std::vector<cc::ProbeArg> io{req("bufinfo_t *"), req("devinfo_t *"),
                                            {"struct page *", "fileinfo_t *", 1}};
  static const std::vector<cc::ProbeArg> tcp = tcp_args(false);
  // ip (prov/ip.c): skb, device, IPv4 header, IPv6 header, IP header.
  static const std::vector<cc::ProbeArg> ip{{"struct sk_buff *", "pktinfo_t *", 0},
                                            {"struct sk_buff *", "csinfo_t *", 0},
                                            {"struct iphdr *", "ipinfo_t *", 4},
                                            {"struct net_device *", "ifinfo_t *", 1},
                                            {"struct iphdr *", "ipv4info_t *", 2},
                                            {"struct ipv6hdr *", "ipv6info_t *", 3}};
  static const std::vector<KnownProbe> probes = {
      {"proc", "create", {task("psinfo_t *")}},
      {"proc", "lwp-create", thread},
      {"proc", "start", {}},
      {"proc", "lwp-start", {}},
      {"proc", "exec", {plain("string", 0)}},
      {"proc", "exec-success", {}},
      {"proc", "exec-failure", {plain("int", 0)}},
      {"proc", "exit", {plain("int", 0)}},
      {"proc", "lwp-exit", {}},
      {"proc", "signal-send", signal},
      {"proc", "signal-discard", signal},
      {"proc", "signal-handle",
       {plain("int", 0), plain("struct kernel_siginfo *", 1), plain("uintptr_t", 2)}},
      {"sched", "off-cpu", thread},
      {"sched", "preempt", {}},
      {"sched", "sleep", {}},
      {"sched", "on-cpu", {}},
      {"sched", "wakeup", thread},
      {"sched", "enqueue", queue},
      {"sched", "dequeue", queue},
      {"sched", "change-pri", {task("lwpsinfo_t *"), task("psinfo_t *"), plain("int", 1)}},
      {"sched", "tick", thread},
      {"io", "start", io},
      {"io", "done", io},
      {"lockstat", "adaptive-spin", {plain("struct mutex *", 0), plain("uint64_t", 1)}},
      {"lockstat", "adaptive-block", {plain("struct mutex *", 0), plain("uint64_t", 1)}},
      {"lockstat", "adaptive-acquire-error", {plain("struct mutex *", 0), plain("int", 1)}},
      {"lockstat", "spin-spin", {plain("spinlock_t *", 0), plain("uint64_t", 1)}},
      {"lockstat", "rw-spin", {plain("rwlock_t *", 0), plain("uint64_t", 1), plain("int", 2)}},
      {"lockstat", "rw-block", {plain("struct rw_semaphore *", 0), plain("uint64_t", 1), plain("int", 2)}},
      {"tcp", "state-change", tcp_args(true)},
      {"tcp", "connect-request", tcp},
      {"tcp", "connect-established", tcp},
      {"tcp", "accept-established", tcp},
      {"tcp", "connect-refused", tcp},
      {"tcp", "accept-refused", tcp},
      {"tcp", "send", tcp},
      {"tcp", "receive", tcp},
      {"ip", "send", ip},
      {"ip", "receive", ip},
      {"udp", "send", udp_args},
      {"udp", "receive", udp_args},
  };
  return probes;
}

}  // namespace dtrace::api
