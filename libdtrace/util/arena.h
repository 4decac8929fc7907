// Arena: owns heap objects with a common polymorphic base and frees them
// all at once. AST nodes and types live in arenas owned by the compile
// (or, for types that outlive one compile, by the Compiler).
#pragma once

#include <memory>
#include <utility>
#include <vector>

namespace dtrace {

template <typename Base>
class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  Arena(Arena&&) = default;
  Arena& operator=(Arena&&) = default;

  template <typename T, typename... Args>
  T* make(Args&&... args) {
    auto owned = std::make_unique<T>(std::forward<Args>(args)...);
    T* raw = owned.get();
    objects_.push_back(std::move(owned));
    return raw;
  }

  size_t size() const { return objects_.size(); }

 private:
  std::vector<std::unique_ptr<Base>> objects_;
};

}  // namespace dtrace
