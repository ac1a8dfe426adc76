// Printed-name assignment with PyPTO's uniquing rule.
//
// IR Vars are identified by object, not name, so two distinct Vars may share
// a name hint. The printer gives each holder of a name a unique spelling: a
// name held once is kept; a name held several times goes, in holder order, to
// `base`, `base_1`, `base_2`, ..., skipping any spelling already taken (by a
// unique name or an earlier holder).
//
//   NameUniquer u;
//   absl::string_view names[] = {"x", "i", "x", "x_1", "x"};
//   u.Assign(names);
//   u.names();   // {"x", "i", "x_2", "x_1", "x_3"}

#ifndef PTO_IR_TEXT_NAME_UNIQUER_H_
#define PTO_IR_TEXT_NAME_UNIQUER_H_

#include <deque>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/huge_pages.h"

namespace pto::ir::text {

class NameUniquer {
 public:
  // Assigns a spelling to each holder; names()[i] belongs to holder i. Views
  // stay valid until the next Assign (they point into `names` or into this
  // object). Expected linear time.
  void Assign(absl::Span<const absl::string_view> names);
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
  std::deque<std::string> generated_;
  // Every name seen (holders' and generated) -> its entry.
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
