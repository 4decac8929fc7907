#include "bpf/stable_fire.h"

#include <arpa/inet.h>
#include <bpf/btf.h>
#include <linux/if_ether.h>
#include <sys/syscall.h>

#include <cstring>
#include <memory>

#include "bpf/frame.h"

namespace dtrace::bpf {
namespace {

// Offsets in the running kernel's structures, -1 when unknown.
struct Layout {
  int task_pid = -1, task_tgid = -1, task_signal = -1, task_exit_code = -1, task_prio = -1,
      task_normal_prio = -1, signal_live = -1, sigaction_handler = -1;
  int task_cpu = -1;  // task_cpu(): thread_info's cpu (in the task) or the task's
  int skb_head = -1, skb_data = -1, skb_tail = -1, skb_network_header = -1, skb_protocol = -1, skb_dev = -1;
  // udp: a sent datagram's socket.
  int skb_sk = -1, sk_state = -1, sk_protocol = -1, sk_type = -1;
  // io: a request's first page, and whether it is a named file's.
  int rq_bio = -1, bio_vcnt = -1, bio_io_vec = -1, page_flags = -1, page_type = -1, page_head = -1,
      page_mapping = -1, mapping_host = -1, inode_dentry = -1;
  int64_t pg_slab = -1, pgty_slab = -1;  // PageSlab(): a flags bit (6.1), or page_type's top byte (6.12)
  std::unique_ptr<btf, decltype(&btf__free)> b{nullptr, btf__free};

  int offset(const char* strct, const char* member) const {
    int id = b ? btf__find_by_name_kind(b.get(), strct, BTF_KIND_STRUCT) : -1;
    return id < 0 ? -1 : member_offset(static_cast<uint32_t>(id), member);
  }
  // Also inside the anonymous structures and unions a structure holds
  // (sk_buff's headers).
  int member_offset(uint32_t id, const char* member) const {
    const btf_type* t = btf__type_by_id(b.get(), id);
    if (t == nullptr || !(btf_is_struct(t) || btf_is_union(t))) return -1;
    const btf_member* m = btf_members(t);
    for (uint16_t i = 0; i < btf_vlen(t); i++) {
      const char* n = btf__name_by_offset(b.get(), m[i].name_off);
      int at = static_cast<int>(btf_member_bit_offset(t, i) / 8);
      if (n != nullptr && *n != '\0') {
        if (std::strcmp(n, member) == 0) return at;
        continue;
      }
      int r = btf__resolve_type(b.get(), m[i].type);
      int in = r < 0 ? -1 : member_offset(static_cast<uint32_t>(r), member);
      if (in >= 0) return at + in;
    }
    return -1;
  }
  // The value of an enumerator of any enum, -1 if none.
  int64_t enum_value(const char* name) const {
    for (uint32_t id = 1; b && id < btf__type_cnt(b.get()); id++) {
      const btf_type* t = btf__type_by_id(b.get(), id);
      if (!btf_is_enum(t)) continue;
      const struct btf_enum* e = btf_enum(t);
      for (uint16_t i = 0; i < btf_vlen(t); i++)
        if (std::strcmp(btf__name_by_offset(b.get(), e[i].name_off), name) == 0) return e[i].val;
    }
    return -1;
  }
  // The tracepoint's argument count (its btf_trace_ typedef), -1 if none.
  int nargs(const std::string& tp) const {
    int id = b ? btf__find_by_name_kind(b.get(), ("btf_trace_" + tp).c_str(), BTF_KIND_TYPEDEF) : -1;
    if (id < 0) return -1;
    const btf_type* t = btf__type_by_id(b.get(), btf__type_by_id(b.get(), static_cast<uint32_t>(id))->type);
    if (t == nullptr || !btf_is_ptr(t)) return -1;
    t = btf__type_by_id(b.get(), t->type);
    return t != nullptr && btf_is_func_proto(t) ? btf_vlen(t) - 1 : -1;
  }
};

const Layout& layout() {
  static const Layout l = [] {
    Layout l;
    l.b.reset(btf__load_vmlinux_btf());
    l.task_pid = l.offset("task_struct", "pid");
    l.task_tgid = l.offset("task_struct", "tgid");
    l.task_signal = l.offset("task_struct", "signal");
    l.task_exit_code = l.offset("task_struct", "exit_code");
    l.task_prio = l.offset("task_struct", "prio");
    l.task_normal_prio = l.offset("task_struct", "normal_prio");
    int ti = l.offset("task_struct", "thread_info"), cpu = l.offset("thread_info", "cpu");
    l.task_cpu = ti >= 0 && cpu >= 0 ? ti + cpu : l.offset("task_struct", "cpu");
    l.signal_live = l.offset("signal_struct", "live");  // atomic_t: its counter first
    l.sigaction_handler = l.offset("sigaction", "sa_handler");
    l.skb_head = l.offset("sk_buff", "head");
    l.skb_data = l.offset("sk_buff", "data");
    l.skb_tail = l.offset("sk_buff", "tail");  // an offset from head (64-bit kernels)
    l.skb_network_header = l.offset("sk_buff", "network_header");
    l.skb_protocol = l.offset("sk_buff", "protocol");
    l.skb_dev = l.offset("sk_buff", "dev");
    l.skb_sk = l.offset("sk_buff", "sk");
    l.sk_state = l.offset("sock_common", "skc_state");  // sock's __sk_common is its first member
    l.sk_protocol = l.offset("sock", "sk_protocol");
    l.sk_type = l.offset("sock", "sk_type");
    static const struct {
      int Layout::*field;
      const char *strct, *member;
    } kIo[] = {
        {&Layout::rq_bio, "request", "bio"},          {&Layout::bio_vcnt, "bio", "bi_vcnt"},
        {&Layout::bio_io_vec, "bio", "bi_io_vec"},    {&Layout::page_flags, "page", "flags"},
        {&Layout::page_type, "page", "page_type"},    {&Layout::page_head, "page", "compound_head"},
        {&Layout::page_mapping, "page", "mapping"},   {&Layout::mapping_host, "address_space", "host"},
        {&Layout::inode_dentry, "inode", "i_dentry"},  // an hlist_head: its first
    };
    for (const auto& f : kIo) l.*f.field = l.offset(f.strct, f.member);
    l.pg_slab = l.enum_value("PG_slab");
    l.pgty_slab = l.enum_value("PGTY_slab");
    return l;
  }();
  return l;
}

constexpr int16_t kSlot = -16;         // a scratch stack slot for kernel reads
constexpr int32_t kSignalIgnored = 1;  // TRACE_SIGNAL_IGNORED
constexpr int32_t kTaskReport = 0x7f;  // TASK_REPORT: the states sched_switch reports
constexpr int32_t kMaxErrno = 4095;
enum { kCldExited = 1, kCldKilled = 2, kCldDumped = 3 };

void skip_unless(Builder& b, uint8_t op, uint8_t reg, int32_t imm) {
  b.emit(jmp_imm(op, reg, imm, 2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
}
void skip_if(Builder& b, uint8_t op, uint8_t reg, int32_t imm) {
  b.emit(jmp_imm(op, reg, imm, 1));
  b.emit(ja(2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
}
void tp_arg(Builder& b, uint8_t reg, int i) { b.emit(load64(reg, kR6, static_cast<int16_t>(8 * i))); }
void set_arg(Builder& b, int i, uint8_t reg) {
  b.emit(store64(kR7, static_cast<int16_t>(kFrameArg0 + 8 * i), reg));
}
// R0 = size bytes (4 sign-extended, or 8) at R3 + off in the kernel, 0
// when unreadable. Clobbers R1 to R5.
void read_kernel(Builder& b, int off, int size) {
  b.emit(store64_imm(kFp, kSlot, 0));
  b.emit(alu_imm(BPF_ADD, kR3, off));
  b.emit(mov_reg(kR1, kFp));
  b.emit(alu_imm(BPF_ADD, kR1, kSlot));
  b.emit(mov_imm(kR2, size));
  b.emit(call(BPF_FUNC_probe_read_kernel));
  b.emit(load64(kR0, kFp, kSlot));
  if (size == 4) {
    b.emit(alu_imm(BPF_LSH, kR0, 32));
    b.emit(alu_imm(BPF_ARSH, kR0, 32));
  }
}

// proc create / lwp-create: sched_process_fork(parent, child), by
// whether the child leads its thread group.
void emit_fork(Builder& b, bool leader) {
  const Layout& l = layout();
  tp_arg(b, kR3, 1);
  read_kernel(b, l.task_pid, 4);
  b.emit(mov_reg(kR8, kR0));
  tp_arg(b, kR3, 1);
  read_kernel(b, l.task_tgid, 4);
  b.emit(jmp_reg(leader ? BPF_JEQ : BPF_JNE, kR0, kR8, 2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  tp_arg(b, kR1, 1);
  set_arg(b, 0, kR1);
}

// proc exit / lwp-exit: sched_process_exit(task), by whether the task's
// group is dead (signal->live 0); exit's arg0 the CLD_* reason.
void emit_exit(Builder& b, bool process) {
  const Layout& l = layout();
  tp_arg(b, kR3, 0);
  read_kernel(b, l.task_signal, 8);
  b.emit(mov_reg(kR3, kR0));
  read_kernel(b, l.signal_live, 4);
  if (!process) {
    skip_if(b, BPF_JEQ, kR0, 0);
    return;
  }
  skip_unless(b, BPF_JEQ, kR0, 0);
  tp_arg(b, kR3, 0);
  read_kernel(b, l.task_exit_code, 4);
  b.emit(mov_reg(kR1, kR0));
  b.emit(mov_imm(kR2, kCldExited));
  b.emit(alu_imm(BPF_AND, kR1, 0x7f));
  b.emit(jmp_imm(BPF_JEQ, kR1, 0, 4));
  b.emit(mov_imm(kR2, kCldKilled));
  b.emit(jmp_imm(BPF_JSET, kR0, 0x80, 1));
  b.emit(ja(1));
  b.emit(mov_imm(kR2, kCldDumped));
  set_arg(b, 0, kR2);
}

#if defined(__x86_64__)
// proc exec-failure: sys_exit(regs, ret) of execve or execveat < 0.
void emit_exec_failure(Builder& b) {
  constexpr int kOrigAx = 120;  // x86-64's pt_regs
  tp_arg(b, kR3, 0);
  read_kernel(b, kOrigAx, 8);
  b.emit(jmp_imm(BPF_JEQ, kR0, SYS_execve, 3));
  b.emit(jmp_imm(BPF_JEQ, kR0, SYS_execveat, 2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  tp_arg(b, kR1, 1);
  skip_unless(b, BPF_JSLT, kR1, 0);
  skip_unless(b, BPF_JSGE, kR1, -kMaxErrno);
  set_arg(b, 0, kR1);
}

// proc start / lwp-start: sys_exit(regs, ret) of fork, vfork, clone or
// clone3 returning 0, which is the new task's first return to user
// space, by whether it leads its thread group. The module's kprobe on
// schedule_tail fires in the new task a little earlier, nothing of it
// run between; kernel threads, which return from no system call, are
// not seen here.
void emit_start(Builder& b, bool leader) {
  constexpr int kOrigAx = 120;  // x86-64's pt_regs
  tp_arg(b, kR1, 1);
  skip_unless(b, BPF_JEQ, kR1, 0);
  tp_arg(b, kR3, 0);
  read_kernel(b, kOrigAx, 8);
  b.emit(jmp_imm(BPF_JEQ, kR0, SYS_clone, 5));
  b.emit(jmp_imm(BPF_JEQ, kR0, SYS_clone3, 4));
  b.emit(jmp_imm(BPF_JEQ, kR0, SYS_fork, 3));
  b.emit(jmp_imm(BPF_JEQ, kR0, SYS_vfork, 2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  b.emit(call(BPF_FUNC_get_current_pid_tgid));
  b.emit(mov_reg(kR1, kR0));
  b.emit(alu_imm(BPF_RSH, kR1, 32));  // the tgid
  b.emit(alu_imm(BPF_LSH, kR0, 32));
  b.emit(alu_imm(BPF_RSH, kR0, 32));  // the pid
  b.emit(jmp_reg(leader ? BPF_JEQ : BPF_JNE, kR0, kR1, 2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
}

// proc exec: sys_enter(regs, id) of execve or execveat, its path (the
// first or second argument) copied into this CPU's buffer, whose address
// arg0 is, as the module's proc_exec(). An unreadable path is "".
void emit_exec(Builder& b, const StableMaps& maps) {
  constexpr int kDi = 112, kSi = 104;  // x86-64's pt_regs
  tp_arg(b, kR1, 1);
  b.emit(mov_imm(kR8, kDi));
  b.emit(jmp_imm(BPF_JEQ, kR1, SYS_execve, 4));
  b.emit(mov_imm(kR8, kSi));
  b.emit(jmp_imm(BPF_JEQ, kR1, SYS_execveat, 2));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  tp_arg(b, kR3, 0);
  b.emit(alu_reg(BPF_ADD, kR3, kR8));
  read_kernel(b, 0, 8);
  b.emit(mov_reg(kR8, kR0));
  b.emit(store64_imm(kFp, kSlot, 0));
  b.emit_ld64(kR1, static_cast<uint64_t>(maps.path), BPF_PSEUDO_MAP_FD);
  b.emit(mov_reg(kR2, kFp));
  b.emit(alu_imm(BPF_ADD, kR2, kSlot));
  b.emit(call(BPF_FUNC_map_lookup_elem));
  skip_if(b, BPF_JEQ, kR0, 0);
  set_arg(b, 0, kR0);
  b.emit(mov_reg(kR1, kR0));
  b.emit(mov_imm(kR2, static_cast<int32_t>(kStablePathMax)));
  b.emit(mov_reg(kR3, kR8));
  b.emit(call(BPF_FUNC_probe_read_user_str));  // zeroes the buffer when it fails
}

#endif

// proc signal-send / signal-discard: signal_generate(sig, info, task,
// group, result), by whether the signal was ignored.
void emit_signal(Builder& b, bool discard) {
  tp_arg(b, kR1, 4);
  if (discard) skip_unless(b, BPF_JEQ, kR1, kSignalIgnored);
  else skip_if(b, BPF_JEQ, kR1, kSignalIgnored);
  tp_arg(b, kR1, 2);
  set_arg(b, 0, kR1);
  tp_arg(b, kR1, 0);
  set_arg(b, 1, kR1);
}

// proc signal-handle: signal_deliver(sig, info, ka): the handler too.
void emit_signal_handle(Builder& b) {
  tp_arg(b, kR1, 0);
  set_arg(b, 0, kR1);
  tp_arg(b, kR1, 1);
  set_arg(b, 1, kR1);
  tp_arg(b, kR3, 2);
  b.emit(mov_imm(kR0, 0));
  b.emit(jmp_imm(BPF_JEQ, kR3, 0, 0));
  size_t at = b.code.size() - 1;
  read_kernel(b, layout().sigaction_handler, 8);
  b.code[at].off = static_cast<int16_t>(b.code.size() - at - 1);
  set_arg(b, 2, kR0);
}

// An IP version's header: skb->protocol, its size, the version in its
// first byte, the argument it is.
struct IpHeader {
  int32_t proto, size, version, arg;
};
// With R1 skb->protocol, R2 the bytes from the header to the tail and
// R0 the header's version: on to other unless the protocol is h's, to
// skip unless the rest is; else the header (R8) is h's argument, on to
// fire.
void ip_header(Builder& b, const IpHeader& h, size_t other, size_t skip, size_t fire) {
  b.jump(BPF_JNE, kR1, h.proto, other);
  b.jump(BPF_JLT, kR2, h.size, skip);
  b.jump(BPF_JNE, kR0, h.version, skip);
  set_arg(b, h.arg, kR8);
  b.jump(BPF_JA, 0, 0, fire);
}

// R9 = the skb (the tracepoint's first argument), its head stored at
// head on the stack, R8 its IP header (send: at the network header;
// receive: at skb->data), R1 the head and R0 the tail pointer.
void skb_headers(Builder& b, bool send, int16_t head) {
  const Layout& l = layout();
  tp_arg(b, kR9, 0);
  b.emit(mov_reg(kR3, kR9));
  read_kernel(b, l.skb_head, 8);
  b.emit(store64(kFp, head, kR0));
  b.emit(mov_reg(kR3, kR9));
  if (send) {
    read_kernel(b, l.skb_network_header, 2);
    b.emit(load64(kR8, kFp, head));
    b.emit(alu_reg(BPF_ADD, kR8, kR0));
  } else {
    read_kernel(b, l.skb_data, 8);
    b.emit(mov_reg(kR8, kR0));
  }
  b.emit(mov_reg(kR3, kR9));
  read_kernel(b, l.skb_tail, 4);
  b.emit(alu_imm(BPF_LSH, kR0, 32));
  b.emit(alu_imm(BPF_RSH, kR0, 32));
  b.emit(load64(kR1, kFp, head));
  b.emit(alu_reg(BPF_ADD, kR0, kR1));  // the tail pointer
}

// ip send / receive: net_dev_queue(skb) with the IP header at the skb's
// network header, netif_receive_skb(skb) at skb->data, as the module's
// ip_fire(): an IPv4 or IPv6 packet whose header is within the linear
// data; arg0 the skb, arg1 its device, arg2 the IPv4 header or 0, arg3
// the IPv6 header or 0, arg4 the header.
void emit_ip(Builder& b, bool send) {
  const Layout& l = layout();
  constexpr int16_t kHead = -24, kHave = -32, kProto = -40;
  size_t skip = b.new_label(), v6 = b.new_label(), fire = b.new_label();
  skb_headers(b, send, kHead);
  b.jump_reg(BPF_JLT, kR8, kR1, skip);
  b.jump_reg(BPF_JGT, kR8, kR0, skip);
  b.emit(alu_reg(BPF_SUB, kR0, kR8));
  b.emit(store64(kFp, kHave, kR0));
  b.emit(mov_reg(kR3, kR9));
  read_kernel(b, l.skb_protocol, 2);
  b.emit(store64(kFp, kProto, kR0));
  b.emit(mov_reg(kR3, kR8));
  read_kernel(b, 0, 1);
  b.emit(alu_imm(BPF_RSH, kR0, 4));  // the IP version
  b.emit(load64(kR1, kFp, kProto));
  b.emit(load64(kR2, kFp, kHave));
  ip_header(b, {htons(ETH_P_IP), 20, 4, 2}, v6, skip, fire);  // sizeof(struct iphdr)
  b.bind(v6);
  ip_header(b, {htons(ETH_P_IPV6), 40, 6, 3}, skip, skip, fire);  // sizeof(struct ipv6hdr)
  b.bind(skip);
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  b.bind(fire);
  set_arg(b, 0, kR9);
  set_arg(b, 4, kR8);
  b.emit(mov_reg(kR3, kR9));
  read_kernel(b, l.skb_dev, 8);
  set_arg(b, 1, kR0);
}

// R0 = the pointer at from + off in the kernel; on to done when it is
// 0 or unreadable.
void follow(Builder& b, uint8_t from, int off, size_t done) {
  b.emit(mov_reg(kR3, from));
  read_kernel(b, off, 8);
  b.jump(BPF_JEQ, kR0, 0, done);
}

// io start / done: block_rq_issue(rq), block_rq_complete(rq, error,
// nr_bytes), as the module's io_start() and io_done(): arg0 the request,
// arg1 the page of its first bytes when that is a named file's page
// cache page (io_file_page(): not a slab page nor a compound page's
// tail, its mapping a file's address_space, whose inode has a dentry),
// else 0.
void emit_io(Builder& b) {
  const Layout& l = layout();
  constexpr int32_t kMappingFlags = 3;  // PAGE_MAPPING_ANON | PAGE_MAPPING_MOVABLE (KSM)
  size_t done = b.new_label();
  tp_arg(b, kR9, 0);
  set_arg(b, 0, kR9);
  follow(b, kR9, l.rq_bio, done);
  b.emit(mov_reg(kR8, kR0));
  b.emit(mov_reg(kR3, kR8));
  read_kernel(b, l.bio_vcnt, 2);
  b.emit(alu_imm(BPF_AND, kR0, 0xffff));
  b.jump(BPF_JEQ, kR0, 0, done);
  follow(b, kR8, l.bio_io_vec, done);
  follow(b, kR0, 0, done);  // bv_page
  b.emit(mov_reg(kR8, kR0));
  b.emit(mov_reg(kR3, kR8));
  if (l.pg_slab >= 0 && l.pg_slab < 31) {
    read_kernel(b, l.page_flags, 8);
    b.jump(BPF_JSET, kR0, static_cast<int32_t>(1 << l.pg_slab), done);
  } else {
    read_kernel(b, l.page_type, 4);
    b.emit(alu_imm(BPF_RSH, kR0, 24));
    b.emit(alu_imm(BPF_AND, kR0, 0xff));
    b.jump(BPF_JEQ, kR0, static_cast<int32_t>(l.pgty_slab), done);
  }
  b.emit(mov_reg(kR3, kR8));
  read_kernel(b, l.page_head, 8);
  b.jump(BPF_JSET, kR0, 1, done);
  follow(b, kR8, l.page_mapping, done);
  b.jump(BPF_JSET, kR0, kMappingFlags, done);
  follow(b, kR0, l.mapping_host, done);
  follow(b, kR0, l.inode_dentry, done);
  set_arg(b, 1, kR8);
  b.bind(done);
}

// udp and tcp send / receive: net_dev_queue(skb) with the IP header at
// the skb's network header, netif_receive_skb(skb) at skb->data, of a
// UDP datagram (TCP segment) whose IP and UDP (TCP) headers are within
// the linear data (not an IPv4 fragment after the first; IPv6 with the
// protocol the first next header), as the module's ip_l4_hdr(): arg0
// the skb, arg1 the socket, arg2 the IP header, arg3 the transport
// header. send's socket (sock) is skb->sk when it is a full socket of
// the protocol, else 0; receive's 0 (the module's udp4_lib_lookup(),
// inet_lookup_established(), which no tracing program can call).
void emit_l4(Builder& b, bool send, int32_t proto, bool sock) {
  const Layout& l = layout();
  constexpr int16_t kHead = -24, kEnd = -32, kProto = -40, kW0 = -48, kTh = -56;
  constexpr int32_t kUdp = 17, kTimeWait = 6, kNewSynRecv = 12, kSynRecv = 3, kDgram = 2, kStream = 1;
  const int32_t hdr = proto == kUdp ? 8 : 20;  // sizeof(struct udphdr), sizeof(struct tcphdr)
  size_t skip = b.new_label(), v6 = b.new_label(), l4 = b.new_label(), nosk = b.new_label();
  skb_headers(b, send, kHead);
  b.emit(store64(kFp, kEnd, kR0));
  b.jump_reg(BPF_JLT, kR8, kR1, skip);
  b.emit(mov_reg(kR1, kR8));
  b.emit(alu_imm(BPF_ADD, kR1, 20));  // sizeof(struct iphdr)
  b.jump_reg(BPF_JGT, kR1, kR0, skip);
  b.emit(mov_reg(kR3, kR9));
  read_kernel(b, l.skb_protocol, 2);
  b.emit(alu_imm(BPF_AND, kR0, 0xffff));
  b.emit(store64(kFp, kProto, kR0));
  b.emit(mov_reg(kR3, kR8));
  read_kernel(b, 0, 8);  // the header's first 8 bytes, little-endian
  b.emit(store64(kFp, kW0, kR0));
  b.emit(load64(kR1, kFp, kProto));
  b.jump(BPF_JNE, kR1, htons(ETH_P_IP), v6);
  b.emit(mov_reg(kR1, kR0));
  b.emit(alu_imm(BPF_AND, kR1, 0xf0));
  b.jump(BPF_JNE, kR1, 0x40, skip);  // version 4
  b.emit(alu_imm(BPF_RSH, kR0, 48));
  b.jump(BPF_JSET, kR0, 0xff1f, skip);  // frag_off & htons(IP_OFFSET)
  b.emit(mov_reg(kR3, kR8));
  read_kernel(b, 8, 8);
  b.emit(alu_imm(BPF_RSH, kR0, 8));
  b.emit(alu_imm(BPF_AND, kR0, 0xff));
  b.jump(BPF_JNE, kR0, proto, skip);  // protocol
  b.emit(load64(kR1, kFp, kW0));
  b.emit(alu_imm(BPF_AND, kR1, 0xf));
  b.jump(BPF_JLT, kR1, 5, skip);  // ihl
  b.emit(alu_imm(BPF_LSH, kR1, 2));
  b.emit(alu_reg(BPF_ADD, kR1, kR8));
  b.emit(store64(kFp, kTh, kR1));
  b.jump(BPF_JA, 0, 0, l4);
  b.bind(v6);
  b.jump(BPF_JNE, kR1, htons(ETH_P_IPV6), skip);
  b.emit(mov_reg(kR1, kR0));
  b.emit(alu_imm(BPF_AND, kR1, 0xf0));
  b.jump(BPF_JNE, kR1, 0x60, skip);  // version 6
  b.emit(alu_imm(BPF_RSH, kR0, 48));
  b.emit(alu_imm(BPF_AND, kR0, 0xff));
  b.jump(BPF_JNE, kR0, proto, skip);  // nexthdr
  b.emit(mov_reg(kR1, kR8));
  b.emit(alu_imm(BPF_ADD, kR1, 40));  // sizeof(struct ipv6hdr)
  b.emit(load64(kR2, kFp, kEnd));
  b.jump_reg(BPF_JGT, kR1, kR2, skip);
  b.emit(store64(kFp, kTh, kR1));
  b.bind(l4);
  b.emit(load64(kR1, kFp, kTh));
  b.emit(alu_imm(BPF_ADD, kR1, hdr));
  b.emit(load64(kR2, kFp, kEnd));
  b.jump_reg(BPF_JGT, kR1, kR2, skip);
  set_arg(b, 0, kR9);
  set_arg(b, 2, kR8);
  b.emit(load64(kR1, kFp, kTh));
  set_arg(b, 3, kR1);
  if (sock) {
    // The socket, when a full one of the protocol's type; tcp's arg4
    // the state (a request or time-wait socket's too, not passed:
    // tcp_seg_fire()).
    follow(b, kR9, l.skb_sk, nosk);
    b.emit(mov_reg(kR9, kR0));
    b.emit(mov_reg(kR3, kR9));
    read_kernel(b, l.sk_state, 1);
    b.emit(alu_imm(BPF_AND, kR0, 0xff));
    b.emit(mov_reg(kR8, kR0));
    if (proto != kUdp) {
      b.emit(jmp_imm(BPF_JNE, kR0, kNewSynRecv, 1));
      b.emit(mov_imm(kR0, kSynRecv));
      set_arg(b, 4, kR0);
    }
    b.jump(BPF_JEQ, kR8, kTimeWait, nosk);
    b.jump(BPF_JEQ, kR8, kNewSynRecv, nosk);
    if (proto != kUdp) b.emit(store64_imm(kR7, static_cast<int16_t>(kFrameArg0 + 8 * 4), 0));
    b.emit(mov_reg(kR3, kR9));
    read_kernel(b, l.sk_protocol, 2);
    b.emit(alu_imm(BPF_AND, kR0, 0xffff));
    b.jump(BPF_JNE, kR0, proto, nosk);
    b.emit(mov_reg(kR3, kR9));
    read_kernel(b, l.sk_type, 2);
    b.emit(alu_imm(BPF_AND, kR0, 0xffff));
    b.jump(BPF_JNE, kR0, proto == kUdp ? kDgram : kStream, nosk);
    set_arg(b, 1, kR9);
    if (proto != kUdp) set_arg(b, 4, kR8);
  }
  b.jump(BPF_JA, 0, 0, nosk);
  b.bind(skip);
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  b.bind(nosk);
}

// sched off-cpu / preempt / sleep: sched_switch(preempt, prev, next, state).
void emit_switch(Builder& b, int which) {
  tp_arg(b, kR1, 0);
  b.emit(alu_imm(BPF_AND, kR1, 0xff));
  if (which == 0) {
    tp_arg(b, kR1, 2);
    set_arg(b, 0, kR1);
  } else if (which == 1) {
    skip_if(b, BPF_JEQ, kR1, 0);
  } else {
    skip_unless(b, BPF_JEQ, kR1, 0);
    tp_arg(b, kR1, 3);
    b.emit(alu_imm(BPF_AND, kR1, kTaskReport));
    skip_if(b, BPF_JEQ, kR1, 0);
  }
}

// sched change-pri: sched_pi_setprio(task, pi_task): the new priority.
void emit_change_pri(Builder& b) {
  const Layout& l = layout();
  tp_arg(b, kR3, 0);
  read_kernel(b, l.task_normal_prio, 4);
  b.emit(mov_reg(kR8, kR0));
  tp_arg(b, kR3, 1);
  b.emit(jmp_imm(BPF_JEQ, kR3, 0, 0));
  size_t at = b.code.size() - 1;
  read_kernel(b, l.task_prio, 4);
  b.emit(jmp_reg(BPF_JSGE, kR0, kR8, 1));
  b.emit(mov_reg(kR8, kR0));
  b.code[at].off = static_cast<int16_t>(b.code.size() - at - 1);
  tp_arg(b, kR1, 0);
  set_arg(b, 0, kR1);
  set_arg(b, 1, kR8);
}

// sched on-cpu: sched_exit_tp(is_switch, ip) at the end of __schedule(),
// in the thread that got the CPU, when it switched (the module's kprobe
// on finish_task_switch). A new task's first run, which leaves through
// schedule_tail() and not __schedule(), is not seen here.
void emit_on_cpu(Builder& b) {
  tp_arg(b, kR1, 0);
  b.emit(alu_imm(BPF_AND, kR1, 0xff));
  skip_unless(b, BPF_JNE, kR1, 0);
}

// Skips unless the task at R3 is of the fair class (prio of 100,
// MAX_RT_PRIO, or more: not a real-time or deadline task, nor one boosted
// to them), as the module's kprobes on enqueue_task_fair and
// dequeue_task_fair; then arg0 the task, arg1 its CPU. Clobbers R8.
void emit_fair_task(Builder& b) {
  const Layout& l = layout();
  b.emit(mov_reg(kR8, kR3));
  read_kernel(b, l.task_prio, 4);
  skip_unless(b, BPF_JSGE, kR0, 100);
  set_arg(b, 0, kR8);
  b.emit(mov_reg(kR3, kR8));
  read_kernel(b, l.task_cpu, 4);
  b.emit(alu_imm(BPF_LSH, kR0, 32));
  b.emit(alu_imm(BPF_RSH, kR0, 32));
  set_arg(b, 1, kR0);
}

// sched enqueue: sched_wakeup(task) and sched_wakeup_new(task), a task
// woken or made put on its run queue.
void emit_enqueue(Builder& b) {
  tp_arg(b, kR3, 0);
  emit_fair_task(b);
}

// sched dequeue: sched_switch(preempt, prev, next, state) of a thread
// that blocks (as sleep), taken off its run queue.
void emit_dequeue(Builder& b) {
  emit_switch(b, 2);
  tp_arg(b, kR3, 1);
  emit_fair_task(b);
}

// sched tick: rcu_utilization("Start scheduler-tick"), which
// update_process_times() fires just before it calls scheduler_tick()
// (the module's kprobe), whether the tick is periodic or a
// high-resolution timer's, in the thread the clock interrupted: arg0 the
// thread. The string is the same constant every time: compared by its
// bytes (21 with its NUL), as 8, 8 and 5.
void emit_tick(Builder& b) {
  static constexpr char kTick[24] = "Start scheduler-tick";
  for (int off = 0; off < 24; off += 8) {
    uint64_t want = 0;
    std::memcpy(&want, kTick + off, off < 16 ? 8 : 5);
    tp_arg(b, kR3, 0);
    read_kernel(b, off, off < 16 ? 8 : 5);
    b.emit_ld64(kR1, want);
    b.emit(jmp_reg(BPF_JEQ, kR0, kR1, 2));
    b.emit(mov_imm(kR0, 0));
    b.emit(exit_insn());
  }
  b.emit(call(BPF_FUNC_get_current_task));
  set_arg(b, 0, kR0);
}

// Skips unless the kernel's size bytes at off in the socket sk (the
// tracepoint's first argument) are want; then arg1 the socket, arg4
// state.
void tcp_socket_fire(Builder& b, int off, int size, int32_t want, int32_t state) {
  tp_arg(b, kR3, 0);
  read_kernel(b, off, size);
  b.emit(alu_imm(BPF_AND, kR0, size == 1 ? 0xff : 0xffff));
  skip_unless(b, BPF_JEQ, kR0, want);
  tp_arg(b, kR1, 0);
  set_arg(b, 1, kR1);
  b.emit(mov_imm(kR1, state));
  set_arg(b, 4, kR1);
}

// tcp connect-established, accept-established: inet_sock_set_state(sk,
// oldstate, newstate) of a TCP socket from SYN_SENT, or SYN_RECV, to
// ESTABLISHED, as the module's tcp_set_state_tp(): arg1 the socket,
// arg4 the new state, arg5 the old one.
void emit_established(Builder& b, int from) {
  constexpr int kEstablished = 1, kTcp = 6;
  tp_arg(b, kR1, 1);
  skip_unless(b, BPF_JEQ, kR1, from);
  tp_arg(b, kR1, 2);
  skip_unless(b, BPF_JEQ, kR1, kEstablished);
  tcp_socket_fire(b, layout().sk_protocol, 2, kTcp, kEstablished);
  b.emit(mov_imm(kR1, from));
  set_arg(b, 5, kR1);
}

// tcp connect-refused: tcp_receive_reset(sk) of a socket in SYN_SENT, as
// the module's tcp_receive_reset_tp(): arg1 the socket, arg4 its state.
void emit_connect_refused(Builder& b) {
  constexpr int kSynSent = 2;
  tcp_socket_fire(b, layout().sk_state, 1, kSynSent, kSynSent);
}

// R0 = the TCP header's (arg3's) bytes at off, size 1 or 4 (a 4-byte
// value sign-extended). Clobbers R1 to R5.
void tcp_header(Builder& b, int off, int size) {
  b.emit(load64(kR3, kR7, static_cast<int16_t>(kFrameArg0 + 8 * 3)));
  read_kernel(b, off, size);
  if (size == 1) b.emit(alu_imm(BPF_AND, kR0, 0xff));
}
constexpr int kTcpFlags = 13;  // the flags' byte of struct tcphdr
constexpr int32_t kThSyn = 0x02, kThRst = 0x04, kThAck = 0x10;

// tcp connect-request: net_dev_queue(skb) of a SYN without ACK a full
// TCP socket in SYN_SENT sends, as the module's tcp_dev_queue_tp(): the
// arguments of send.
void emit_connect_request(Builder& b) {
  constexpr int32_t kSynSent = 2;
  emit_l4(b, true, 6, true);
  b.emit(load64(kR1, kR7, static_cast<int16_t>(kFrameArg0 + 8 * 1)));
  skip_if(b, BPF_JEQ, kR1, 0);
  b.emit(load64(kR1, kR7, static_cast<int16_t>(kFrameArg0 + 8 * 4)));
  skip_unless(b, BPF_JEQ, kR1, kSynSent);
  tcp_header(b, kTcpFlags, 1);
  b.emit(alu_imm(BPF_AND, kR0, kThSyn | kThAck));
  skip_unless(b, BPF_JEQ, kR0, kThSyn);
}

// tcp accept-refused: net_dev_queue(skb) of the RST|ACK of sequence
// number 0 the kernel sends for a segment no socket takes, as the
// module's tcp_dev_queue_tp(): arg0 the skb, arg1 0, arg2 and arg3 the
// headers, arg4 CLOSE.
void emit_accept_refused(Builder& b) {
  constexpr int32_t kClose = 7;
  emit_l4(b, true, 6, false);
  tcp_header(b, kTcpFlags, 1);
  b.emit(alu_imm(BPF_AND, kR0, kThRst | kThAck));
  skip_unless(b, BPF_JEQ, kR0, kThRst | kThAck);
  tcp_header(b, 4, 4);  // seq
  skip_unless(b, BPF_JEQ, kR0, 0);
  b.emit(mov_imm(kR1, kClose));
  set_arg(b, 4, kR1);
}

void emit_arg0_from(Builder& b, int i) {
  tp_arg(b, kR1, i);
  set_arg(b, 0, kR1);
}

// lockstat (kernel/prov/lockstat.c): contention_begin(lock, flags)
// keeps the thread's first contention on a lock, contention_end(lock,
// ret) fires the probe of its kind (each probe's program decides whether
// it is its own), then the last program forgets it.
constexpr int32_t kLsSpin = 1 << 0, kLsRead = 1 << 1, kLsWrite = 1 << 2, kLsRt = 1 << 3, kLsPercpu = 1 << 4,
                  kLsMutex = 1 << 5;
constexpr int16_t kLsKey = -32;    // {task, lock}: below the rows' kSlot
constexpr int16_t kLsValue = -56;  // {start, flags, blocked}
enum class Ls { kAdaptiveSpin, kAdaptiveBlock, kAdaptiveError, kSpinSpin, kRwSpin, kRwBlock };

// R1 the map, R2 the key {current task, the tracepoint's lock}.
void ls_key(Builder& b, int map) {
  b.emit(call(BPF_FUNC_get_current_task));
  b.emit(store64(kFp, kLsKey, kR0));
  tp_arg(b, kR1, 0);
  b.emit(store64(kFp, kLsKey + 8, kR1));
  b.emit_ld64(kR1, static_cast<uint64_t>(map), BPF_PSEUDO_MAP_FD);
  b.emit(mov_reg(kR2, kFp));
  b.emit(alu_imm(BPF_ADD, kR2, kLsKey));
}

// A probe's: as the module's ls_end(), arg0 the lock, arg1 the ns since
// the first contention_begin (adaptive-acquire-error: the error), arg2
// (rw-*) RW_WRITER 0 or RW_READER 1.
void emit_lockstat(Builder& b, const StableMaps& maps, Ls which) {
  ls_key(b, maps.lockstat);
  b.emit(call(BPF_FUNC_map_lookup_elem));
  skip_if(b, BPF_JEQ, kR0, 0);
  b.emit(mov_reg(kR8, kR0));
  b.emit(load64(kR9, kR8, 8));  // the flags
  tp_arg(b, kR1, 1);            // ret
  bool mutex = which == Ls::kAdaptiveSpin || which == Ls::kAdaptiveBlock || which == Ls::kAdaptiveError;
  if (mutex) {
    skip_unless(b, BPF_JSET, kR9, kLsMutex);
    if (which == Ls::kAdaptiveError) {
      skip_if(b, BPF_JEQ, kR1, 0);
      set_arg(b, 1, kR1);
    } else {
      skip_unless(b, BPF_JEQ, kR1, 0);
      b.emit(load64(kR2, kR8, 16));  // blocked
      if (which == Ls::kAdaptiveBlock) skip_if(b, BPF_JEQ, kR2, 0);
      else skip_unless(b, BPF_JEQ, kR2, 0);
    }
  } else {
    skip_if(b, BPF_JSET, kR9, kLsMutex);
    skip_unless(b, BPF_JEQ, kR1, 0);
    b.emit(mov_reg(kR2, kR9));
    b.emit(alu_imm(BPF_AND, kR2, kLsRead | kLsWrite));
    if (which == Ls::kSpinSpin) {
      skip_unless(b, BPF_JEQ, kR2, 0);
    } else {
      skip_if(b, BPF_JEQ, kR2, 0);
      if (which == Ls::kRwSpin) skip_unless(b, BPF_JSET, kR9, kLsSpin);
      else skip_if(b, BPF_JSET, kR9, kLsSpin);
      b.emit(mov_imm(kR2, 1));  // RW_READER
      b.emit(jmp_imm(BPF_JSET, kR9, kLsWrite, 1));
      b.emit(ja(1));
      b.emit(mov_imm(kR2, 0));  // RW_WRITER
      set_arg(b, 2, kR2);
    }
  }
  if (which != Ls::kAdaptiveError) {
    b.emit(call(BPF_FUNC_ktime_get_ns));
    b.emit(load64(kR1, kR8, 0));
    b.emit(alu_reg(BPF_SUB, kR0, kR1));
    set_arg(b, 1, kR0);
  }
  tp_arg(b, kR1, 0);
  set_arg(b, 0, kR1);
}

}  // namespace

LockstatPrograms lockstat_programs(const StableMaps& maps) {
  LockstatPrograms p;
  // contention_begin, as the module's ls_begin(): a mutex waiter goes
  // back and forth between spinning and sleeping (blocked once it did
  // not spin); rt mutexes and percpu semaphores are left out.
  Builder b;
  b.emit(mov_reg(kR6, kR1));
  b.emit(load64(kR7, kR6, 8));  // the flags
  b.emit(mov_reg(kR1, kR7));
  b.emit(alu_imm(BPF_AND, kR1, kLsRt | kLsPercpu));
  skip_unless(b, BPF_JEQ, kR1, 0);
  skip_unless(b, BPF_JSET, kR7, kLsSpin | kLsRead | kLsWrite | kLsMutex);
  ls_key(b, maps.lockstat);
  b.emit(call(BPF_FUNC_map_lookup_elem));
  b.emit(jmp_imm(BPF_JEQ, kR0, 0, 4));  // not yet: kept below
  b.emit(jmp_imm(BPF_JSET, kR7, kLsSpin, 1));
  b.emit(store64_imm(kR0, 16, 1));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  b.emit(call(BPF_FUNC_ktime_get_ns));
  b.emit(store64(kFp, kLsValue, kR0));
  b.emit(store64(kFp, kLsValue + 8, kR7));
  b.emit(mov_imm(kR1, 1));
  b.emit(jmp_imm(BPF_JSET, kR7, kLsSpin, 1));
  b.emit(ja(1));
  b.emit(mov_imm(kR1, 0));
  b.emit(store64(kFp, kLsValue + 16, kR1));
  ls_key(b, maps.lockstat);
  b.emit(mov_reg(kR3, kFp));
  b.emit(alu_imm(BPF_ADD, kR3, kLsValue));
  b.emit(mov_imm(kR4, BPF_NOEXIST));
  b.emit(call(BPF_FUNC_map_update_elem));
  b.emit(mov_imm(kR0, 0));
  b.emit(exit_insn());
  p.begin = std::move(b.code);
  // contention_end, after the probes' programs.
  Builder e;
  e.emit(mov_reg(kR6, kR1));
  ls_key(e, maps.lockstat);
  e.emit(call(BPF_FUNC_map_delete_elem));
  e.emit(mov_imm(kR0, 0));
  e.emit(exit_insn());
  p.end = std::move(e.code);
  return p;
}

namespace {

struct Row {
  const char* provider;
  const char* name;
  const char* tracepoint;  // nullptr: a kprobe's, which the bpf backend does not take
  int nargs;               // the tracepoint's arguments it reads
  std::function<void(Builder&)> emit;
  // Reads task_struct's, sk_buff's fields.
  bool needs_task = false, needs_skb = false;
  // Instead of emit, for code that uses the device's maps.
  std::function<void(Builder&, const StableMaps&)> emit_with_maps = nullptr;
  // Reads a block request's bio and its page's fields.
  bool needs_rq = false;
  // A second tracepoint of the same arguments the program runs on too.
  const char* also = nullptr;
};

// A lockstat probe's row: on contention_end, with the device's map.
Row ls_row(const char* name, Ls which) {
  return {
      "lockstat", name, "contention_end", 2, nullptr, false, false, [which](Builder& b, const StableMaps& m) {
        emit_lockstat(b, m, which);
      }};
}

const std::vector<Row>& rows() {
  static const std::vector<Row> r = {
    {"proc", "create", "sched_process_fork", 2, [](Builder& b) { emit_fork(b, true); }, true},
    {"proc", "lwp-create", "sched_process_fork", 2, [](Builder& b) { emit_fork(b, false); }, true},
    {"proc", "exec-success", "sched_process_exec", 0, [](Builder&) {}},
#if defined(__x86_64__)
    {"proc", "exec", "sys_enter", 2, nullptr, false, false, emit_exec},
    {"proc", "exec-failure", "sys_exit", 2, emit_exec_failure},
    {"proc", "start", "sys_exit", 2, [](Builder& b) { emit_start(b, true); }},
    {"proc", "lwp-start", "sys_exit", 2, [](Builder& b) { emit_start(b, false); }},
#endif
    {"proc", "exit", "sched_process_exit", 1, [](Builder& b) { emit_exit(b, true); }, true},
    {"proc", "lwp-exit", "sched_process_exit", 1, [](Builder& b) { emit_exit(b, false); }, true},
    {"proc", "signal-send", "signal_generate", 5, [](Builder& b) { emit_signal(b, false); }},
    {"proc", "signal-discard", "signal_generate", 5, [](Builder& b) { emit_signal(b, true); }},
    {"proc", "signal-handle", "signal_deliver", 3, emit_signal_handle, true},
    {"ip", "send", "net_dev_queue", 1, [](Builder& b) { emit_ip(b, true); }, false, true},
    {"ip", "receive", "netif_receive_skb", 1, [](Builder& b) { emit_ip(b, false); }, false, true},
    {"udp", "send", "net_dev_queue", 1, [](Builder& b) { emit_l4(b, true, 17, true); }, false, true},
    {"udp", "receive", "netif_receive_skb", 1, [](Builder& b) { emit_l4(b, false, 17, false); }, false, true},
    {"tcp", "send", "net_dev_queue", 1, [](Builder& b) { emit_l4(b, true, 6, true); }, false, true},
    {"tcp", "receive", "netif_receive_skb", 1, [](Builder& b) { emit_l4(b, false, 6, false); }, false, true},
    {"tcp", "connect-request", "net_dev_queue", 1, emit_connect_request, false, true},
    {"tcp", "accept-refused", "net_dev_queue", 1, emit_accept_refused, false, true},
    {"tcp", "connect-established", "inet_sock_set_state", 3, [](Builder& b) { emit_established(b, 2); },
     false, true},
    {"tcp", "accept-established", "inet_sock_set_state", 3, [](Builder& b) { emit_established(b, 3); }, false,
     true},
    {"tcp", "connect-refused", "tcp_receive_reset", 1, emit_connect_refused, false, true},
    {"io", "start", "block_rq_issue", 1, emit_io, false, false, nullptr, true},
    {"io", "done", "block_rq_complete", 1, emit_io, false, false, nullptr, true},
    {"sched", "off-cpu", "sched_switch", 4, [](Builder& b) { emit_switch(b, 0); }},
    {"sched", "preempt", "sched_switch", 4, [](Builder& b) { emit_switch(b, 1); }},
    {"sched", "sleep", "sched_switch", 4, [](Builder& b) { emit_switch(b, 2); }},
    {"sched", "wakeup", "sched_wakeup", 1, [](Builder& b) { emit_arg0_from(b, 0); }},
    {"sched", "change-pri", "sched_pi_setprio", 2, emit_change_pri, true},
    {"sched", "on-cpu", "sched_exit_tp", 1, emit_on_cpu},
    {"sched", "enqueue", "sched_wakeup", 1, emit_enqueue, true, false, nullptr, false, "sched_wakeup_new"},
    {"sched", "dequeue", "sched_switch", 4, emit_dequeue, true},
    {"sched", "tick", "rcu_utilization", 1, emit_tick},
    ls_row("adaptive-spin", Ls::kAdaptiveSpin),
    ls_row("adaptive-block", Ls::kAdaptiveBlock),
    ls_row("adaptive-acquire-error", Ls::kAdaptiveError),
    ls_row("spin-spin", Ls::kSpinSpin),
    ls_row("rw-spin", Ls::kRwSpin),
    ls_row("rw-block", Ls::kRwBlock),
  };
  return r;
}

}  // namespace

Result<StableFire> stable_fire(const std::string& provider, const std::string& name, const StableMaps& maps) {
  const Layout& l = layout();
  for (const Row& r : rows()) {
    if (provider != r.provider || name != r.name) continue;
    bool fields = l.task_pid >= 0 && l.task_tgid >= 0 && l.task_signal >= 0 && l.task_exit_code >= 0 &&
                  l.task_prio >= 0 && l.task_normal_prio >= 0 && l.signal_live >= 0 &&
                  l.sigaction_handler >= 0;
    bool skb = l.skb_head >= 0 && l.skb_data >= 0 && l.skb_tail >= 0 && l.skb_network_header >= 0 &&
               l.skb_protocol >= 0 && l.skb_dev >= 0 && l.skb_sk >= 0 && l.sk_state >= 0 &&
               l.sk_protocol >= 0 && l.sk_type >= 0;
    bool rq =
        l.rq_bio >= 0 && l.bio_vcnt >= 0 && l.bio_io_vec >= 0 && l.page_head >= 0 && l.page_mapping >= 0 &&
        l.mapping_host >= 0 && l.inode_dentry >= 0 &&
        ((l.pg_slab >= 0 && l.pg_slab < 31 && l.page_flags >= 0) || (l.pgty_slab >= 0 && l.page_type >= 0));
    if (l.nargs(r.tracepoint) < r.nargs || (r.also && l.nargs(r.also) < r.nargs) ||
        (r.needs_task && !fields) || (r.needs_task && l.task_cpu < 0) || (r.needs_skb && !skb) ||
        (r.needs_rq && !rq))
      return make_error("probe " + provider + ":vmlinux::" + name + ": this kernel's tracepoint " +
                        r.tracepoint + " is not the one the bpf backend fires it from");
    std::string also = r.also ? r.also : "";
    if (!r.emit_with_maps) return StableFire{r.tracepoint, r.emit, also};
    return StableFire{r.tracepoint, [&r, maps](Builder& b) { r.emit_with_maps(b, maps); }, also};
  }
  return make_error("probe " + provider + ":vmlinux::" + name +
                    ": its kernel mechanism (a kprobe, or a tracepoint not done yet) is not supported by the "
                    "bpf backend");
}

}  // namespace dtrace::bpf
