// Bump allocator that owns every IR node of a Context.
//
// IR nodes are immutable and trivially destructible, so they never need to be
// freed one by one: the arena releases all of them at once. Allocation is a
// pointer bump, which keeps node construction cheap and nodes contiguous.
//
//   Arena arena;
//   int64_t* xs = arena.AllocateArray<int64_t>(4);
//   auto* v = arena.New<Point>(1, 2);   // Point must be trivially destructible

#ifndef PTO_IR_ARENA_H_
#define PTO_IR_ARENA_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include "absl/strings/string_view.h"
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/types/span.h"

namespace pto {

class Arena {
 public:
  Arena() = default;
  // The first block's size; later blocks double up to a few MiB. A small
  // first block suits arenas that usually stay small.
  explicit Arena(size_t first_block_size) : next_block_size_(first_block_size) {}
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena();

  void* Allocate(size_t bytes, size_t align) {
    uintptr_t p = (reinterpret_cast<uintptr_t>(cursor_) + align - 1) & ~(align - 1);
    if (p + bytes > reinterpret_cast<uintptr_t>(limit_)) return AllocateSlow(bytes, align);
    cursor_ = reinterpret_cast<char*>(p + bytes);
    return reinterpret_cast<void*>(p);
  }

  template <typename T, typename... Args>
  T* New(Args&&... args) {
    static_assert(std::is_trivially_destructible_v<T>,
                  "arena objects are never destroyed");
    return new (Allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
  }

  template <typename T>
  T* AllocateArray(size_t n) {
    static_assert(std::is_trivially_destructible_v<T>);
    if (n == 0) return nullptr;
    return static_cast<T*>(Allocate(sizeof(T) * n, alignof(T)));
  }

  // Copies `values` into the arena; the result lives as long as the arena.
  template <typename T>
  absl::Span<const T> Copy(absl::Span<const T> values) {
    if (values.empty()) return {};
    T* out = AllocateArray<T>(values.size());
    std::memcpy(static_cast<void*>(out), values.data(), sizeof(T) * values.size());
    return absl::Span<const T>(out, values.size());
  }

  absl::string_view CopyString(absl::string_view s) {
    if (s.empty()) return {};
    char* out = AllocateArray<char>(s.size());
    std::memcpy(out, s.data(), s.size());
    return absl::string_view(out, s.size());
  }

  // Bytes handed out so far, including alignment padding and block slack.
  size_t bytes_reserved() const { return bytes_reserved_; }

 private:
  void* AllocateSlow(size_t bytes, size_t align);

  struct Block {
    char* data;
    size_t size;
  };

  char* cursor_ = nullptr;
  char* limit_ = nullptr;
  size_t next_block_size_ = 64 * 1024;
  size_t bytes_reserved_ = 0;
  std::vector<Block> blocks_;
};

}  // namespace pto

#endif  // PTO_IR_ARENA_H_
