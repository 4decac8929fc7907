#include "cc/cpp.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <string_view>

namespace dtrace::cc {
namespace {

// D scripts may start with "#!/usr/sbin/dtrace -s", which cpp rejects:
// keep the line (for numbering) but blank it.
std::string strip_interpreter(std::string_view src) {
  std::string s(src);
  if (s.rfind("#!", 0) == 0) {
    size_t nl = s.find('\n');
    s.replace(0, nl == std::string::npos ? s.size() : nl, "");
  }
  return s;
}

bool write_all(int fd, const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    ssize_t n = ::write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// cpp's messages, less GNU cpp's notes that __STDC__ was redefined
// (what -X asks for); the rest reach our stderr as cpp wrote them.
void forward_messages(int fd) {
  std::string text;
  char buf[4096];
  lseek(fd, 0, SEEK_SET);
  for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) text.append(buf, static_cast<size_t>(n));
  ::close(fd);
  for (size_t at = 0; at < text.size();) {
    size_t nl = text.find('\n', at);
    size_t end = nl == std::string::npos ? text.size() : nl + 1;
    std::string_view line(text.data() + at, end - at);
    bool redefined = line.find("\"__STDC__\" redefined") != std::string_view::npos ||
                     line.find("<built-in>: note: this is the location of the previous definition") !=
                         std::string_view::npos;
    if (!redefined) std::fwrite(line.data(), 1, line.size(), stderr);
    at = end;
  }
}

}  // namespace

// A system header's C function definitions (glibc's static inline
// helpers, <endian.h>'s __bswap_16 and the like) are not D, and cpp
// without __GNUC__ no longer leaves them out: each, from the end of the
// declaration before it to its closing brace, becomes blanks (line ends
// kept). A '{' after ')' at the top level starts one; text from the
// program and from its own headers is left as it is.
void blank_system_functions(std::string& text) {
  bool system = false;
  int depth = 0, parens = 0;
  size_t decl_start = 0, body_start = std::string::npos;
  char last = 0;  // last non-blank character at the top level
  for (size_t i = 0; i < text.size(); i++) {
    char c = text[i];
    bool line_start = i == 0 || text[i - 1] == '\n';
    if (line_start && c == '#' && depth == 0) {  // a line marker: # N "file" flags
      size_t nl = text.find('\n', i);
      std::string_view m(text.data() + i, (nl == std::string::npos ? text.size() : nl) - i);
      size_t q = m.rfind('"');
      if (q != std::string_view::npos && m.find('"') != q)
        system = m.substr(q).find(" 3") != std::string_view::npos;
      i = nl == std::string::npos ? text.size() : nl;
      decl_start = i;
      last = 0;
      continue;
    }
    if (c == '"' || c == '\'') {  // skip the literal
      for (i++; i < text.size() && text[i] != c && text[i] != '\n'; i++)
        if (text[i] == '\\') i++;
      last = c;
      continue;
    }
    if (c == '(') parens++;
    else if (c == ')') parens--;
    else if (c == '{') {
      if (depth++ == 0 && parens == 0 && system && last == ')') body_start = decl_start;
    } else if (c == '}' && depth > 0 && --depth == 0) {
      if (body_start != std::string::npos) {
        for (size_t j = body_start; j <= i; j++)
          if (text[j] != '\n') text[j] = ' ';
        body_start = std::string::npos;
      }
      decl_start = i + 1;
      last = 0;
      continue;
    } else if (c == ';' && depth == 0) {
      decl_start = i + 1;
      last = 0;
      continue;
    }
    if (depth == 0 && c != ' ' && c != '\t' && c != '\n') last = c;
  }
}

// DTrace runs cpp without -undef, so programs also see the compiler's
// own names of the system and the machine; -undef keeps its `linux` and
// `unix` (D identifiers) out, so those in the reserved namespace are
// given back here, as the host's cpp defines them.
constexpr const char* kMachineDefines[] = {
    "-D__linux__",  "-D__gnu_linux__", "-D__unix__",       "-D__ELF__",
    "-D__LP64__",   "-D_LP64",         "-D__CHAR_BIT__=8",
#if defined(__x86_64__)
    "-D__x86_64__", "-D__x86_64",      "-D__amd64__",      "-D__amd64",
#elif defined(__aarch64__)
    "-D__aarch64__",
#endif
};

std::vector<std::string> cpp_argv(const CppOptions& o) {
  std::vector<std::string> v = {o.path,     "-undef",    "-D__linux",    "-D__unix",
                                "-D__SVR4", "-D__Linux", "-D__SUNW_D=1", "-D__SUNW_D_64"};
  v.insert(v.end(), std::begin(kMachineDefines), std::end(kMachineDefines));
  if (o.stdc == 'a' || o.stdc == 't') v.push_back("-D__STDC__=0");
  if (o.stdc == 's') v.push_back("-traditional-cpp");
  if (o.print_includes) v.push_back("-H");
  if (!o.include_dir.empty()) {
    v.push_back("-isystem");
    v.push_back(o.include_dir);
  }
  // As DTrace runs it: the script is the file /dev/stdin, and a message
  // names its line only (no column, no quoted source line). #include
  // "x.h" still looks in the working directory, as it did for "-", not
  // only in /dev/.
  v.push_back("-fno-show-column");
  v.push_back("-fno-diagnostics-show-caret");
  v.push_back("-iquote");
  v.push_back(".");
  v.push_back("/dev/stdin");
  v.insert(v.end(), o.args.begin(), o.args.end());
  return v;
}

Result<std::string> preprocess(std::string_view source, const CppOptions& o) {
  // The input goes through an anonymous file so cpp can read it all while
  // we read its output: no pipe deadlock on large scripts.
  int in = memfd_create("dtrace-cpp-in", MFD_CLOEXEC);
  int err = memfd_create("dtrace-cpp-err", MFD_CLOEXEC);
  int out[2];
  if (err < 0 && in >= 0) ::close(in);
  if (in < 0 || err < 0)
    return make_error(std::string("failed to create cpp input: ") + std::strerror(errno));
  if (!write_all(in, strip_interpreter(source)) || lseek(in, 0, SEEK_SET) != 0 ||
      pipe2(out, O_CLOEXEC) != 0) {
    ::close(in);
    ::close(err);
    return make_error(std::string("failed to set up cpp: ") + std::strerror(errno));
  }
  std::vector<std::string> args = cpp_argv(o);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(in, 0);
    dup2(out[1], 1);
    dup2(err, 2);
    execvp(argv[0], argv.data());
    _exit(127);
  }
  ::close(in);
  ::close(out[1]);
  std::string text;
  char buf[1 << 14];
  for (;;) {
    ssize_t n = ::read(out[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buf, static_cast<size_t>(n));
  }
  ::close(out[0]);
  int status = 0;
  if (pid < 0) {
    ::close(err);
    return make_error("failed to run cpp: " + std::string(std::strerror(errno)));
  }
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  forward_messages(err);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
    return make_error("failed to run " + o.path + ": cannot execute");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return make_error("Preprocessor failed to process input program");
  blank_system_functions(text);
  return text;
}

}  // namespace dtrace::cc
