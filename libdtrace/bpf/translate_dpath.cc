// The Translator's d_path() and the cwd and rootdir built-ins
// (translator.h), as the module's kernel/core/dif_subr_path.c: the
// kernel's d_path() helper may run only from a few fentry and LSM
// programs, so the walk is ours, as the module's is: from the dentry up
// through d_parent, across mounts through struct mount's mnt_parent and
// mnt_mountpoint (offsets from the kernel's BTF, ktypes.h), until the
// current task's root, each name prepended in scmp's element from its
// end. The loop's values live in the element and on the stack, none in
// a register across a step, so that its paths meet at the top and the
// verifier walks it once a step.
#include "bpf/ktypes.h"
#include "bpf/translator.h"

namespace dtrace::bpf::detail {

namespace {
constexpr int32_t kMask = static_cast<int32_t>(kMaxCompare) - 1;  // a position's mask
// The element's words (after scmp's buffers, where the path is built):
constexpr int16_t kRootMnt = static_cast<int16_t>(kLoopWords);  // the root's mnt, dentry
constexpr int16_t kRootDentry = kRootMnt + 8;
constexpr int16_t kPos = kRootMnt + 16;     // the path is the element's bytes from here
constexpr int16_t kSlash3 = kRootMnt + 24;  // the first '/' at 3 or after (the "..." rule)
constexpr int16_t kTmp = kRootMnt + 32;     // the mount, or the parent dentry
constexpr int16_t kName = kRootMnt + 40;    // the name's address
static_assert(kName + 8 <= static_cast<int16_t>(kCompareElement));
// The stack's: the walk's mnt (kSubA) and dentry (kSubB), the step
// (kSubC), the element (kSubD).
}  // namespace

// R0 = the size-byte word at R<base> + off, as the module's ptr_at()
// reads it: BADADDR at that address when it cannot be read.
void Translator::path_read(uint32_t pc, uint8_t base, int32_t off, int32_t size) {
  emit(mov_reg(kR3, base));
  emit(alu_imm(BPF_ADD, kR3, off));
  emit(store64(kFp, kKey, kR3));
  emit(mov_reg(kR1, kFp));
  emit(alu_imm(BPF_ADD, kR1, kLoadBuf));
  emit(mov_imm(kR2, size));
  emit(call(BPF_FUNC_probe_read_kernel));
  fault_unless_read(pc, kKey);
  emit(make(BPF_LDX | BPF_MEM | size_code(static_cast<uint32_t>(size)), kR0, kFp, kLoadBuf, 0));
}

// A jump to the walk's end, where R<a> == R<b> (or imm, b 0xff).
void Translator::path_exit_if_eq(uint8_t a, uint8_t b, int32_t imm, std::vector<size_t>& exits) {
  // The exit is the fall-through: the verifier walks it first, keeping
  // the step's continuation for later, so that few branches wait.
  emit(b == 0xff ? jmp_imm(BPF_JNE, a, imm, 1) : jmp_reg(BPF_JNE, a, b, 1));
  exits.push_back(jump_here(ja(0)));
}

// rd = the path of the struct path at kSubA's address, into the
// strsize bytes of scratch taken (kSubP), up to the current task's root
// (top false) or to the top of the mounts; at most strsize / 2 + 64
// steps, where the module stops after 1,024: a name and its slash take
// two bytes at least, so strsize / 2 names fill the path, and the 64
// more are mounts crossed (only mounts stacked that deep reach the end).
void Translator::path_walk(uint32_t pc, unsigned rd, bool top) {
  const PathOffsets& p = path_offsets();
  int32_t size = static_cast<int32_t>(s_->strsize);
  int32_t depth = size / 2 + 64;
  auto field = [&](int16_t slot, int32_t off, int32_t n) {  // R0 = a field of the slot's address
    emit(load64(kR1, kFp, slot));
    path_read(pc, kR1, off, n);
  };
  first_element(s_->compare_fd);
  emit(store64(kFp, kSubD, kR0));
  field(kSubA, p.path_mnt, 8);
  emit(store64(kFp, kSubC, kR0));
  field(kSubA, p.path_dentry, 8);
  emit(store64(kFp, kSubB, kR0));
  emit(load64(kR0, kFp, kSubC));
  emit(store64(kFp, kSubA, kR0));
  emit(load64(kR1, kFp, kSubD));
  emit(store64_imm(kR1, kRootMnt, 0));
  emit(store64_imm(kR1, kRootDentry, 0));
  if (!top) {  // current->fs->root, none without an fs
    emit(call(BPF_FUNC_get_current_task));
    read_kernel(kR0, p.task_fs, 8);
    size_t none = jump_here(jmp_imm(BPF_JEQ, kR0, 0, 0));
    emit(store64(kFp, kSubC, kR0));
    path_read(pc, kR0, p.fs_root + p.path_mnt, 8);
    emit(load64(kR1, kFp, kSubD));
    emit(store64(kR1, kRootMnt, kR0));
    field(kSubC, p.fs_root + p.path_dentry, 8);
    emit(load64(kR1, kFp, kSubD));
    emit(store64(kR1, kRootDentry, kR0));
    land(none);
  }
  emit(load64(kR1, kFp, kSubD));
  emit(store64_imm(kR1, kPos, size - 1));
  emit(store64_imm(kR1, kSlash3, size - 1));
  emit(make(BPF_ST | BPF_MEM | BPF_B, kR1, 0, static_cast<int16_t>(size - 1), 0));
  emit(store64_imm(kFp, kSubC, 0));

  std::vector<size_t> done, cut;
  size_t loop = out_.size();
  emit(load64(kR1, kFp, kSubC));
  emit(jmp_imm(BPF_JLT, kR1, depth, 1));
  done.push_back(jump_here(ja(0)));
  emit(load64(kR1, kFp, kSubD));  // at the root?
  emit(load64(kR2, kFp, kSubB));
  emit(load64(kR3, kR1, kRootDentry));
  size_t other = jump_here(jmp_reg(BPF_JNE, kR2, kR3, 0));
  emit(load64(kR2, kFp, kSubA));
  emit(load64(kR3, kR1, kRootMnt));
  path_exit_if_eq(kR2, kR3, 0, done);
  land(other);
  field(kSubA, p.mnt_root, 8);
  emit(load64(kR1, kFp, kSubB));
  size_t in_mount = jump_here(jmp_reg(BPF_JNE, kR0, kR1, 0));

  // The mount's root: across to the mountpoint in its parent, unless
  // it is the top (its own parent).
  emit(load64(kR1, kFp, kSubA));
  emit(alu_imm(BPF_SUB, kR1, p.mount_mnt));
  emit(load64(kR2, kFp, kSubD));
  emit(store64(kR2, kTmp, kR1));
  path_read(pc, kR1, p.mount_parent, 8);
  emit(load64(kR1, kFp, kSubD));
  emit(load64(kR2, kR1, kTmp));
  path_exit_if_eq(kR0, kR2, 0, done);
  path_exit_if_eq(kR0, 0xff, 0, done);
  emit(alu_imm(BPF_ADD, kR0, p.mount_mnt));
  emit(store64(kFp, kSubA, kR0));
  path_read(pc, kR2, p.mount_mountpoint, 8);
  emit(store64(kFp, kSubB, kR0));
  size_t next = jump_here(ja(0));

  // Up to the parent, "/name" prepended; a name that does not fit
  // ends the walk, cut.
  land(in_mount);
  field(kSubB, p.dentry_parent, 8);
  emit(load64(kR1, kFp, kSubB));
  path_exit_if_eq(kR0, kR1, 0, done);
  path_exit_if_eq(kR0, 0xff, 0, done);
  emit(load64(kR1, kFp, kSubD));
  emit(store64(kR1, kTmp, kR0));
  field(kSubB, p.dentry_name, 8);
  emit(load64(kR1, kFp, kSubD));
  emit(store64(kR1, kName, kR0));
  field(kSubB, p.dentry_len, 4);
  emit(load64(kR1, kFp, kSubD));
  emit(load64(kR2, kR1, kPos));
  emit(mov_reg(kR3, kR0));
  emit(alu_imm(BPF_ADD, kR3, 1));
  emit(jmp_reg(BPF_JLE, kR3, kR2, 1));
  cut.push_back(jump_here(ja(0)));
  emit(alu_reg(BPF_SUB, kR2, kR0));
  emit(alu_imm(BPF_AND, kR2, kMask));
  emit(store64(kR1, kPos, kR2));
  emit(load64(kR3, kR1, kName));
  emit(store64(kFp, kKey, kR3));
  emit(alu_reg(BPF_ADD, kR1, kR2));
  emit(mov_reg(kR2, kR0));
  emit(alu_imm(BPF_AND, kR2, kMask));
  emit(call(BPF_FUNC_probe_read_kernel));
  fault_unless_read(pc, kKey);
  emit(load64(kR1, kFp, kSubD));
  emit(load64(kR2, kR1, kPos));
  emit(alu_imm(BPF_SUB, kR2, 1));
  emit(alu_imm(BPF_AND, kR2, kMask));
  emit(store64(kR1, kPos, kR2));
  emit(jmp_imm(BPF_JLT, kR2, 3, 1));
  emit(store64(kR1, kSlash3, kR2));
  emit(alu_reg(BPF_ADD, kR1, kR2));
  emit(make(BPF_ST | BPF_MEM | BPF_B, kR1, 0, 0, '/'));
  emit(load64(kR1, kFp, kSubD));
  emit(load64(kR0, kR1, kTmp));
  emit(store64(kFp, kSubB, kR0));
  land(next);
  emit(load64(kR1, kFp, kSubC));
  emit(alu_imm(BPF_ADD, kR1, 1));
  emit(store64(kFp, kSubC, kR1));
  back_to(loop);

  // Cut: leading names dropped until "..." fits before a slash, as the
  // module's (the first slash at 3 or after, or the end).
  for (size_t j : cut) land(j);
  emit(load64(kR1, kFp, kSubD));
  emit(load64(kR2, kR1, kPos));
  emit(jmp_imm(BPF_JGE, kR2, 3, 1));
  emit(load64(kR2, kR1, kSlash3));
  std::vector<size_t> copy;
  copy.push_back(jump_here(jmp_imm(BPF_JLT, kR2, 3, 0)));
  emit(alu_imm(BPF_SUB, kR2, 3));
  emit(alu_imm(BPF_AND, kR2, kMask));
  emit(store64(kR1, kPos, kR2));
  emit(alu_reg(BPF_ADD, kR1, kR2));
  for (int16_t k = 0; k < 3; k++) emit(make(BPF_ST | BPF_MEM | BPF_B, kR1, 0, k, '.'));
  copy.push_back(jump_here(ja(0)));
  // Not cut: "/" for nothing prepended.
  for (size_t j : done) land(j);
  emit(load64(kR1, kFp, kSubD));
  emit(load64(kR2, kR1, kPos));
  copy.push_back(jump_here(jmp_imm(BPF_JNE, kR2, size - 1, 0)));
  emit(alu_imm(BPF_SUB, kR2, 1));
  emit(alu_imm(BPF_AND, kR2, kMask));
  emit(store64(kR1, kPos, kR2));
  emit(alu_reg(BPF_ADD, kR1, kR2));
  emit(make(BPF_ST | BPF_MEM | BPF_B, kR1, 0, 0, '/'));
  for (size_t j : copy) land(j);

  // Into the scratch taken, all strsize bytes of it kept, as the
  // module's path_of() keeps them.
  emit(load64(kR4, kFp, kSubD));
  emit(load64(kR5, kR4, kPos));
  emit(alu_imm(BPF_AND, kR5, kMask));
  scratch_at(0);
  emit(mov_imm(kR2, size));
  emit(mov_reg(kR3, kR4));
  emit(alu_reg(BPF_ADD, kR3, kR5));
  emit(call(BPF_FUNC_probe_read_kernel_str));
  emit(load64(kR0, kFp, kScrBase));
  emit(load64(kR1, kFp, kSubP));
  emit(alu_reg(BPF_ADD, kR0, kR1));
  put(rd, kR0);
}

Status Translator::need_paths(const std::string& what) const {
  if (!path_offsets().ok())
    return make_error(
        unsupported(what + " without the kernel's BTF (struct dentry, struct mount, fs_struct)"));
  if (s_->strsize > kMaxCompare || s_->strsize == 0)
    return make_error(unsupported(what + " under strsize " + std::to_string(s_->strsize)));
  if (Status st = need_scratch(); !st) return st;
  return Ok{};
}

// d_path(path), as the module's dtrace_dif_path(): strsize of scratch
// taken first (NOSCRATCH before any read), then the walk.
Status Translator::d_path_(uint32_t pc, unsigned rd) {
  if (Status st = need_paths("d_path()"); !st) return st;
  emit(store64_imm(kFp, kSubN, static_cast<int32_t>(s_->strsize)));
  take(pc);
  arg_to(0, kSubA);
  path_walk(pc, rd, false);
  return Ok{};
}

// cwd (from the task's root) and rootdir (from the top of the mounts),
// as the module's dtrace_dif_fs_path(): "" (one byte of scratch) for a
// task without an fs_struct.
Status Translator::fs_path(uint32_t pc, uint16_t id, unsigned rd) {
  if (Status st = need_paths(std::string("built-in variable '") + builtin_name(id) + "'"); !st) return st;
  const PathOffsets& p = path_offsets();
  bool root = id == DIF_VAR_ROOTDIR;
  emit(call(BPF_FUNC_get_current_task));
  read_kernel(kR0, p.task_fs, 8);
  emit(store64(kFp, kSubA, kR0));
  size_t has = jump_here(jmp_imm(BPF_JNE, kR0, 0, 0));
  emit(store64_imm(kFp, kSubN, 1));
  take(pc);
  put(rd, kR0);
  size_t end = jump_here(ja(0));
  land(has);
  emit(store64_imm(kFp, kSubN, static_cast<int32_t>(s_->strsize)));
  take(pc);
  emit(load64(kR1, kFp, kSubA));
  emit(alu_imm(BPF_ADD, kR1, root ? p.fs_root : p.fs_pwd));
  emit(store64(kFp, kSubA, kR1));
  path_walk(pc, rd, root);
  land(end);
  return Ok{};
}

}  // namespace dtrace::bpf::detail
