// An immutable string in one pointer, for names held by IR nodes.
//
// A string_view is 16 bytes; a lowering makes millions of Vars, each with a
// name. PackedString points at the characters and keeps their length in the
// four bytes just before them, so a node spends 8 bytes on its name and
// reading the length touches the cache line the characters are on.
//
//   Arena arena;
//   PackedString s = PackedString::Copy(arena, "t_1");
//   s.view();                 // "t_1", valid as long as the arena
//   PackedString().view();    // ""

#ifndef PTO_IR_PACKED_STRING_H_
#define PTO_IR_PACKED_STRING_H_

#include <cstdint>
#include <cstring>

#include "absl/strings/string_view.h"
#include "ir/arena.h"
#include "ir/check.h"

namespace pto::ir {

class PackedString {
 public:
  PackedString() : chars_(kEmpty + sizeof(uint32_t)) {}

  // Copies `s` into `arena`.
  static PackedString Copy(Arena& arena, absl::string_view s) {
    if (s.empty()) return PackedString();
    PTO_CHECK(s.size() <= UINT32_MAX) << "a name of " << s.size() << " bytes";
    auto length = static_cast<uint32_t>(s.size());
    char* out = arena.AllocateArray<char>(sizeof(length) + s.size());
    std::memcpy(out, &length, sizeof(length));
    std::memcpy(out + sizeof(length), s.data(), s.size());
    return PackedString(out + sizeof(length));
  }

  absl::string_view view() const {
    uint32_t length;
    std::memcpy(&length, chars_ - sizeof(length), sizeof(length));
    return absl::string_view(chars_, length);
  }

 private:
  explicit PackedString(const char* chars) : chars_(chars) {}

  // The length prefix of the empty string; chars_ points just past it.
  static constexpr char kEmpty[sizeof(uint32_t)] = {};
  const char* chars_;
};

}  // namespace pto::ir

#endif  // PTO_IR_PACKED_STRING_H_
