// Printed-name assignment with PyPTO's uniquing rule.
//
// IR Vars are identified by object, not name, so two distinct Vars may share
// a name hint. The printer gives each holder of a name a unique spelling: a
// name held once is kept; a name held several times goes, in holder order, to
// `base`, `base_1`, `base_2`, ..., skipping any spelling already taken (by a
// unique name, an earlier holder or a reserved name). A name the parser
// would not read back as one (not an identifier, or a Python keyword) is
// first spelled as one: "a b" -> "a_b", "" -> "_", "for" -> "for_".
//
//   NameUniquer u;
//   absl::string_view names[] = {"x", "i", "x", "x_1", "x"};
//   u.Assign(names);
//   u.names();   // {"x", "i", "x_2", "x_1", "x_3"}
//   absl::string_view dims[] = {"N"};
//   u.Assign({"N", "y"}, dims);
//   u.names();   // {"N_1", "y"}: N is the program's pl.dynamic dim

#ifndef PTO_IR_TEXT_NAME_UNIQUER_H_
#define PTO_IR_TEXT_NAME_UNIQUER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/arena.h"
#include "ir/huge_pages.h"

namespace pto::ir::text {

// Whether the parser reads `name` back as that name: an identifier that is
// not a Python keyword.
bool IsPrintableName(absl::string_view name);

class NameUniquer {
 public:
  // Assigns a spelling to each holder; names()[i] belongs to holder i. A view
  // points into `names` or into this object, where it stays valid as long as
  // the object lives. Expected linear time.
  // Holders never get a `reserved` spelling (nor keep one as their bare
  // name).
  void Assign(absl::Span<const absl::string_view> names,
              absl::Span<const absl::string_view> reserved = {});
  absl::Span<const absl::string_view> names() const { return out_; }

 private:
  struct Entry {
    uint32_t holders = 0;
    uint32_t next_suffix = 0;  // 0: the bare name was not tried yet
    bool claimed = false;
  };
  // Sized by the holder count: large for a big function, so in huge pages.
  template <typename T>
  using Vector = std::vector<T, HugePageAllocator<T>>;
  Vector<absl::string_view> out_;
  // Spellings made up here; empty (and unallocated) when every name is
  // unique and printable, as in most functions.
  Arena generated_;
  // Every holder's name and every reserved one -> its entry; generated
  // spellings are never looked up (see Assign).
  absl::flat_hash_map<absl::string_view, uint32_t, absl::Hash<absl::string_view>,
                      std::equal_to<absl::string_view>,
                      HugePageAllocator<std::pair<const absl::string_view, uint32_t>>>
      index_;
  Vector<Entry> entries_;
  Vector<uint32_t> holder_entry_;
  std::string candidate_;
};

}  // namespace pto::ir::text

#endif  // PTO_IR_TEXT_NAME_UNIQUER_H_
